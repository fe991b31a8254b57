"""One module per calamity (or family), each registering `calamity:<id>` (or
`calamity:<ruleset>:<id>`), plus `damage`: the shared sub-tasks for losing unit points, sharing
losses out and reducing cities."""

"""Network play: an authoritative game server and a headless client, JSON over WebSockets.

The server (`server`) runs the one rules core of each game it hosts; clients send only the label
of an action for a decision that is theirs, and receive the events and the view of their own
seats. `protocol` defines and checks the messages; `wire` turns views into what is sent.
"""

"""The game's data files load, hold the numbers of the sources, and reject broken copies."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core import gamedata
from game.core.gamedata import (
    EPOCHS,
    GROUPS,
    RULESET_IDS,
    DataError,
    GameData,
    load_game_data,
    load_game_data_from,
)

DATA_DIR = Path(gamedata.__file__).parent / "data"


@pytest.fixture(scope="module")
def data() -> GameData:
    return load_game_data()


def counts(data: GameData, setup_id: str, block: str, stack: int) -> dict[str, int]:
    cards = data.setups[setup_id].stacks[block][stack - 1]
    assert cards.stack == stack
    return dict(cards.commodities)


# --- Advances --------------------------------------------------------------------------------


def test_the_51_mega_civ_advances_and_irrigation_are_numbered_1_to_52(data: GameData) -> None:
    assert len(data.advances) == 52
    assert [a.number for a in data.advances.values()] == list(range(1, 53))
    assert data.advances["irrigation"].number == 52
    assert {"drama_and_poetry", "wonder_of_the_world", "advanced_military"} <= set(data.advances)


def test_irrigation_is_for_sale_only_in_the_classic_rules(data: GameData) -> None:
    assert data.advances["irrigation"].rulesets == ("classic",)
    others = [a for a in data.advances.values() if a.id != "irrigation"]
    assert all(set(a.rulesets) == set(RULESET_IDS) for a in others)


def test_vp_follows_cost_1_under_100_3_to_199_6_from_200(data: GameData) -> None:
    for a in data.advances.values():
        assert a.vp == (1 if a.cost < 100 else 3 if a.cost < 200 else 6), a.id
    assert sum(a.vp == 1 for a in data.advances.values()) == 17


def test_credits_form_17_chains_of_plus_10_then_plus_20(data: GameData) -> None:
    mega = [a for a in data.advances.values() if a.number <= 51]
    targets = []
    for a in mega:
        if a.vp == 6:
            assert dict(a.specific_credits) == {}, a.id
            continue
        ((target, points),) = a.specific_credits.items()
        assert data.advances[target].vp == (3 if a.vp == 1 else 6), a.id
        assert points == (10 if a.vp == 1 else 20), a.id
        targets.append(target)
    assert len(targets) == len(set(targets)) == 34


def test_group_credits_name_only_the_five_groups(data: GameData) -> None:
    for a in data.advances.values():
        assert set(a.group_credits) <= set(GROUPS)
        assert set(a.groups) <= set(GROUPS)
        assert all(p > 0 for p in a.group_credits.values())


def test_decided_card_values(data: GameData) -> None:
    adv = data.advances
    assert adv["urbanism"].groups == ("civics",)
    assert dict(adv["monarchy"].group_credits) == {"civics": 10, "religion": 5}
    assert dict(adv["naval_warfare"].specific_credits) == {"diaspora": 20}
    assert adv["trade_empire"].cost == 260
    assert dict(adv["theology"].group_credits) == {"religion": 20, "science": 5}
    assert data.numbers["city_defence_tokens_engineering_defender"] == 7


def test_every_effect_id_has_a_meaning_and_is_used(data: GameData) -> None:
    used = {e for a in data.advances.values() for e in a.effects}
    assert used == set(data.effects)
    assert "ships_move_5" in data.advances["cloth_making"].effects
    assert "tax_rate_up_1" in data.advances["monarchy"].effects


# --- Civilizations and the A.S.T. ----------------------------------------------------------------


def test_18_civilizations_in_ast_rank_order(data: GameData) -> None:
    civs = list(data.civilizations.values())
    assert [c.rank for c in civs] == list(range(1, 19))
    assert [c.id for c in civs] == [
        "minoa", "saba", "assyria", "maurya", "celt", "babylon", "carthage", "dravidia", "hatti",
        "kushan", "rome", "persia", "iberia", "nubia", "hellas", "indus", "egypt", "parthia",
    ]
    assert [c.block for c in civs] == ["west", "east"] * 9


def test_colours_and_emblems_are_all_different(data: GameData) -> None:
    civs = data.civilizations.values()
    assert len({c.colour for c in civs}) == len({c.emblem for c in civs}) == 18
    assert all(c.colour.startswith("#") and len(c.colour) == 7 for c in civs)


def test_epoch_of_a_space(data: GameData) -> None:
    minoa, egypt = data.civilizations["minoa"], data.civilizations["egypt"]
    assert minoa.epoch_of(0, "basic") == "stone_age"
    assert minoa.epoch_of(5, "basic") == "stone_age"
    assert minoa.epoch_of(6, "basic") == "early_bronze"
    assert minoa.epoch_of(8, "basic") == "early_bronze"
    assert minoa.epoch_of(8, "expert") == "middle_bronze"
    assert egypt.epoch_of(5, "basic") == "early_bronze"
    assert egypt.epoch_of(13, "expert") == "late_bronze"
    assert egypt.epoch_of(14, "expert") == "early_iron"
    assert egypt.epoch_of(15, "basic") == "late_iron"
    with pytest.raises(ValueError):
        egypt.epoch_of(16, "basic")
    with pytest.raises(ValueError):
        egypt.epoch_of(3, "advanced")


def test_ast_requirements_basic_and_expert(data: GameData) -> None:
    for side in ("basic", "expert"):
        assert [r.epoch for r in data.ast[side]] == list(EPOCHS)
    basic = {r.epoch: r for r in data.ast["basic"]}
    expert = {r.epoch: r for r in data.ast["expert"]}
    assert (basic["early_bronze"].cities, basic["middle_bronze"].advances) == (2, 3)
    assert (basic["late_bronze"].advances_100, basic["late_iron"].advances_200) == (3, 3)
    assert (expert["late_bronze"].cities, expert["late_bronze"].advances) == (4, 12)
    assert (expert["late_iron"].advance_vp, expert["late_iron"].advances_under_100) == (56, 17)
    assert data.ast_numbers["vp_per_step"] == 5
    assert data.ast_numbers["vp_lone_late_iron_bonus_expert"] == 5


def test_base_numbers(data: GameData) -> None:
    n = data.numbers
    assert (n["tokens_per_player"], n["cities_per_player"], n["ships_per_player"]) == (55, 9, 4)
    assert (n["tax_rate"], n["support_rate"]) == (2, 2)
    assert (n["city_tokens_on_site"], n["city_tokens_wilderness"]) == (6, 12)
    assert (n["city_attack_tokens"], n["city_defence_tokens"]) == (7, 6)
    assert (n["max_calamities_held"], n["max_major_calamities_held"]) == (3, 2)
    assert (n["extra_card_stack"], n["extra_card_price"]) == (9, 15)


# --- Setups and trade cards -------------------------------------------------------------------


def test_every_player_count_from_5_to_18_has_a_setup(data: GameData) -> None:
    for players in range(5, 19):
        setups = data.setups_for(players)
        assert setups, players
        for setup in setups:
            assert len(setup.civilizations) == players
            in_blocks = [civ for civs in setup.blocks.values() for civ in civs]
            assert sorted(in_blocks) == sorted(setup.civilizations)
            ranks = [data.civilizations[c].rank for c in setup.civilizations]
            assert ranks == sorted(ranks)
    assert data.setups_for(4) == ()


def test_small_games_offer_west_first_then_east(data: GameData) -> None:
    for players in range(5, 10):
        assert [s.id for s in data.setups_for(players)] == [f"{players}-west", f"{players}-east"]
    assert [s.id for s in data.setups_for(10)] == ["10-west"]
    assert [s.id for s in data.setups_for(11)] == ["11-east"]
    assert [s.id for s in data.setups_for(12)] == ["12"]


def test_card_sets_blocks_and_minors_by_player_count(data: GameData) -> None:
    for setup in data.setups.values():
        two_blocks = setup.players >= 12
        assert setup.card_set == ("orange" if two_blocks else "blue")
        assert len(setup.blocks) == (2 if two_blocks else 1)
        assert setup.minors == (setup.players in (9, 10, 11) or setup.players >= 15)
        assert setup.hand_limit == (9 if two_blocks else 8)
        assert setup.starting_credits == {5: 10, 6: 5, 12: 5}.get(setup.players, 0)
        if two_blocks:
            west, east = len(setup.blocks["west"]), len(setup.blocks["east"])
            assert abs(west - east) <= 1, setup.id


def test_ten_players_play_west_and_eleven_east(data: GameData) -> None:
    assert list(data.setups["10-west"].blocks) == ["west"]
    assert list(data.setups["11-east"].blocks) == ["east"]
    assert "nubia" in data.setups["10-west"].civilizations
    assert "egypt" in data.setups["11-east"].civilizations


def test_blue_stacks_for_5_to_8_players(data: GameData) -> None:
    for players in range(5, 9):
        assert counts(data, f"{players}-west", "west", 1) == {"ochre": 9, "clay": 9}
        assert counts(data, f"{players}-east", "east", 1) == {"flax": 9, "hides": 9}
        assert counts(data, f"{players}-west", "west", 9) == {"ivory": 4, "gold": 5}
        assert counts(data, f"{players}-east", "east", 5) == {"lacquer": 6, "livestock": 7}
    for block in ("west", "east"):
        sizes = [sum(s.commodities[i][1] for i in range(2))
                 for s in data.setups[f"5-{block}"].stacks[block]]
        assert sizes == [18, 16, 17, 15, 13, 11, 11, 9, 9]


def test_blue_stacks_for_9_to_11_players_add_a_third_commodity(data: GameData) -> None:
    for sid, block in (("9-west", "west"), ("9-east", "east"), ("10-west", "west"),
                       ("11-east", "east")):
        sizes = [sum(n for _, n in s.commodities) for s in data.setups[sid].stacks[block]]
        assert sizes == [26, 24, 25, 23, 19, 17, 17, 13, 13], sid
    assert counts(data, "9-west", "west", 1) == {"ochre": 9, "clay": 9, "bone": 8}
    assert counts(data, "11-east", "east", 8) == {"dye": 4, "tea": 5, "obsidian": 4}


def test_orange_stacks_split_commodities_between_the_blocks(data: GameData) -> None:
    assert counts(data, "12", "west", 1) == {"ochre": 9, "clay": 5, "hides": 4}
    assert counts(data, "12", "east", 1) == {"flax": 9, "clay": 4, "hides": 5}
    assert counts(data, "14", "west", 9) == {"ivory": 4, "gold": 3, "pearls": 2}
    assert counts(data, "15", "east", 1) == {"flax": 9, "clay": 4, "hides": 5, "bone": 4}
    assert counts(data, "18", "west", 5)["glass"] == 3
    # Across both blocks, a 15-18-player game holds every commodity as often as the blue set.
    for sid in ("15", "18"):
        for stack in range(1, 10):
            both: dict[str, int] = {}
            for block in ("west", "east"):
                for cid, n in counts(data, sid, block, stack).items():
                    both[cid] = both.get(cid, 0) + n
            full = counts(data, "9-west", "west", stack) | counts(data, "9-east", "east", stack)
            assert both == full, (sid, stack)


def test_commodity_face_value_is_its_stack(data: GameData) -> None:
    for setup in data.setups.values():
        for stacks in setup.stacks.values():
            for cards in stacks:
                assert all(data.commodities[c].value == cards.stack for c, _ in cards.commodities)
    assert len(data.commodities) == 45
    assert data.water.value == 0


# --- Rule sets ------------------------------------------------------------------------------


def by_stack(data: GameData, ruleset: str) -> dict[int, list[str]]:
    stacks: dict[int, list[str]] = {}
    for cal in data.rulesets[ruleset].calamities.values():
        stacks.setdefault(cal.stack, []).append(cal.id)
    return stacks


def test_calamities_lie_in_stacks_2_to_9_only(data: GameData) -> None:
    assert list(data.rulesets) == list(RULESET_IDS)
    for ruleset in data.rulesets.values():
        assert {c.stack for c in ruleset.calamities.values()} == set(range(2, 10))
        assert ruleset.in_stack(1, minors=True) == ()


def test_classic_has_8_non_tradable_8_tradable_8_minor_as_seed_001_stacks_them(
    data: GameData,
) -> None:
    classic = data.rulesets["classic"]
    kinds = [c.kind for c in classic.calamities.values()]
    assert (kinds.count("non_tradable"), kinds.count("tradable"), kinds.count("minor")) == (8, 8, 8)
    assert by_stack(data, "classic") == {
        2: ["volcanic_eruption", "treachery", "squandered_wealth"],
        3: ["famine", "superstition", "tempest"],
        4: ["civil_war", "slave_revolt", "city_in_flames"],
        5: ["flood", "barbarian_hordes", "city_riots"],
        6: ["cyclone", "epidemic", "coastal_migration"],
        7: ["corruption", "civil_disorder", "tribal_conflict"],
        8: ["tyranny", "iconoclasm_and_heresy", "minor_uprising"],
        9: ["regression", "piracy", "banditry"],
    }
    assert classic.seed == "001"
    assert classic.order_source == "001:29.1"


def test_resolution_order_within_a_stack_is_non_tradable_tradable_minor(data: GameData) -> None:
    classic = data.rulesets["classic"]
    assert [c.id for c in classic.in_stack(6, minors=True)] == [
        "cyclone", "epidemic", "coastal_migration"]
    assert [c.id for c in classic.in_stack(6, minors=False)] == ["cyclone", "epidemic"]
    rank = {"non_tradable": 0, "tradable": 1, "minor": 2}
    for ruleset in data.rulesets.values():
        order = [(c.stack, rank[c.kind]) for c in ruleset.calamities.values()]
        assert order == sorted(order), ruleset.id


def test_mega_empires_stacks_follow_the_rules_reference(data: GameData) -> None:
    assert by_stack(data, "mega-empires") == {
        2: ["volcanic_eruption", "treachery", "tempest"],
        3: ["famine", "slave_revolt", "squandered_wealth"],
        4: ["flood", "superstition", "city_riots"],
        5: ["civil_war", "barbarian_hordes", "city_in_flames"],
        6: ["cyclone", "epidemic", "tribal_conflict"],
        7: ["tyranny", "civil_disorder", "minor_uprising"],
        8: ["corruption", "iconoclasm_and_heresy", "banditry"],
        9: ["regression", "piracy", "coastal_migration"],
    }


def test_double_empires_adds_nine_new_calamities_and_drops_corruption(data: GameData) -> None:
    double = data.rulesets["double-empires"].calamities
    new = {"total_war": 2, "avalanches": 3, "tsunamis": 4, "rebels": 5, "drought": 6,
           "pestilence": 7, "general_drought": 8, "revival_of_past_empire": 9, "raiders": 9}
    for cid, level in new.items():
        assert (double[cid].stack, double[cid].kind) == (level, "non_tradable"), cid
        assert cid not in data.rulesets["classic"].calamities
    assert "corruption" not in double
    assert (double["regression"].stack, double["tyranny"].stack) == (8, 7)
    assert len(double) == 32
    for level in range(2, 10):
        assert [c.kind for c in data.rulesets["double-empires"].in_stack(level, True)] == [
            "non_tradable", "non_tradable", "tradable", "minor"]


def test_calamity_ids_never_collide_with_commodities(data: GameData) -> None:
    commodities = set(data.commodities) | {"water"}
    for ruleset in data.rulesets.values():
        assert not commodities & set(ruleset.calamities)
    ids = data.card_ids()
    assert len(ids) == len(set(ids)) == 45 + 1 + 24 + 9
    assert ids[45] == "water"


def test_epidemic_numbers_per_rule_set(data: GameData) -> None:
    classic = data.rulesets["classic"].calamities["epidemic"].params
    assert (classic["primary_loss"], classic["secondary_loss_total"],
            classic["secondary_loss_max_each"]) == (16, 25, 10)
    assert classic["primary_loss_modifiers"]["medicine"] == -8
    assert classic["secondary_loss_modifiers"]["anatomy"] == -5
    mega = data.rulesets["mega-empires"].calamities["epidemic"].params
    assert (mega["primary_loss"], mega["secondary_players"], mega["secondary_loss_each"]) == (
        15, 2, 10)
    assert mega["primary_loss_modifiers"]["medicine"] == -5
    double = data.rulesets["double-empires"].calamities["epidemic"].params
    assert (double["primary_loss"], double["secondary_loss_total"]) == (32, 50)


def test_classic_famine_spares_irrigation_holders(data: GameData) -> None:
    famine = data.rulesets["classic"].calamities["famine"].params
    assert famine["immune_advances"] == ("irrigation",)
    assert (famine["primary_loss"], famine["secondary_loss_total"]) == (10, 20)


def test_every_modifier_names_a_number_of_its_calamity(data: GameData) -> None:
    """`X_modifiers` changes X, a share of X_total, X_per_city, X_per_victim_city or X_above."""
    suffixes = ("", "_total", "_per_city", "_per_victim_city", "_above")
    for ruleset in data.rulesets.values():
        for cal in ruleset.calamities.values():
            for name, value in cal.params.items():
                where = f"{ruleset.id}.{cal.id}.{name}"
                if name.endswith("_modifiers"):
                    base = name.removesuffix("_modifiers")
                    assert any(base + s in cal.params for s in suffixes), where
                    assert set(value) <= set(data.advances), where
                if name.endswith("_advances"):
                    assert all(ruleset.id in data.advances[a].rulesets for a in value), where


def test_each_rule_set_has_a_name_and_description(data: GameData) -> None:
    seeds = {"classic": "001", "mega-empires": "003", "double-empires": "002"}
    for ruleset in data.rulesets.values():
        assert ruleset.name and ruleset.description
        assert ruleset.seed == seeds[ruleset.id]
        for cal in ruleset.calamities.values():
            assert cal.clauses and cal.summary, cal.id


def test_load_game_data_is_cached() -> None:
    assert load_game_data() is load_game_data()


# --- Broken copies ----------------------------------------------------------------------------


def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """A copy of the data directory with the first ``old`` in ``file`` replaced by ``new``."""
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    text = (copy / file).read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {file}"
    (copy / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return copy


def load_error(directory: Path) -> DataError:
    with pytest.raises(DataError) as info:
        load_game_data_from(directory)
    return info.value


def test_an_unbroken_copy_loads(tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    assert len(load_game_data_from(copy).advances) == 52


def test_a_specific_credit_to_an_unknown_advance(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "advances.toml",
                            "specific_credits = { monument = 10 }",
                            "specific_credits = { monumnet = 10 }"))
    assert (err.file, err.key) == ("advances.toml", "advances.mysticism.specific_credits.monumnet")
    assert "unknown" in err.problem
    assert str(err) == f"advances.toml: advances.mysticism.specific_credits.monumnet: {err.problem}"


def test_a_wrong_type(tmp_path: Path) -> None:
    pottery = "cost = 60\nvp = 1\ngroup_credits = { arts = 5, crafts = 10 }"
    err = load_error(broken(tmp_path, "advances.toml", pottery, pottery.replace("60", '"60"')))
    assert str(err) == "advances.toml: advances.pottery.cost: expected an integer, got a string"


def test_a_missing_key(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "civilizations.toml", 'emblem = "ankh"\n', ""))
    assert str(err) == "civilizations.toml: civilizations.egypt.emblem: missing key"


def test_an_unknown_key(tmp_path: Path) -> None:
    extra = "tax_rate = 2\ntax_rates = 3"
    err = load_error(broken(tmp_path, "numbers.toml", "tax_rate = 2", extra))
    assert str(err) == "numbers.toml: tax_rates: unknown key"


def test_a_misspelt_key_is_missing(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "ruleset-classic.toml", 'summary = "The victim returns ten',
                            'sumary = "The victim returns ten'))
    assert str(err) == "ruleset-classic.toml: calamities.squandered_wealth.summary: missing key"


def test_a_duplicate_colour(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "civilizations.toml", '"#CC3311"', '"#88ccee"'))
    assert (err.file, err.key) == ("civilizations.toml", "civilizations.rome.colour")
    assert "civilizations.minoa" in err.problem


def test_a_duplicate_emblem(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "civilizations.toml", 'emblem = "star"', 'emblem = "sun"'))
    assert (err.key, "civilizations.hatti" in err.problem) == ("civilizations.parthia.emblem", True)


def test_vp_not_matching_cost(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "advances.toml", "cost = 50\nvp = 1", "cost = 150\nvp = 1"))
    assert (err.file, err.key) == ("advances.toml", "advances.mysticism.vp")


def test_epochs_not_increasing(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "civilizations.toml", "epochs_basic = [6, 9, 11, 14, 15]",
                            "epochs_basic = [6, 11, 9, 14, 15]"))
    assert (err.key, "increasing" in err.problem) == ("civilizations.minoa.epochs_basic[2]", True)


def test_a_calamity_modifier_naming_an_unknown_advance(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "ruleset-classic.toml", "{ pottery = -5 }",
                            "{ potery = -5 }"))
    assert err.file == "ruleset-classic.toml"
    assert err.key == "calamities.famine.params.primary_loss_modifiers.potery"


def test_irrigation_cannot_modify_a_mega_empires_calamity(tmp_path: Path) -> None:
    famine = "{ pottery = -5, calendar = -5, agriculture = 5 }"
    err = load_error(broken(tmp_path, "ruleset-mega-empires.toml", famine, "{ irrigation = -5 }"))
    assert err.key == "calamities.famine.params.primary_loss_modifiers.irrigation"


def test_a_setup_naming_an_unknown_civilization(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "trade_cards.toml",
                            'civilizations = ["minoa", "assyria", "hatti", "hellas", "egypt"]',
                            'civilizations = ["minoa", "assyria", "hatti", "hellas", "egipt"]'))
    assert (err.file, err.key) == ("trade_cards.toml", "setups.5-west.civilizations[4]")


def test_a_setup_naming_an_unknown_commodity(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "trade_cards.toml", "1 = { ochre = 9, clay = 9 }",
                            "1 = { ochre = 9, cley = 9 }"))
    assert err.key == "card_lists.blue_west.1.cley"


def test_a_setup_whose_blocks_miss_a_civilization(tmp_path: Path) -> None:
    west = 'blocks.west = { civilizations = ["minoa", "carthage", "hatti", "rome", "hellas"'
    err = load_error(broken(tmp_path, "trade_cards.toml", west + ', "egypt"]', west + "]"))
    assert (err.key, "egypt" in err.problem) == ("setups.12.blocks", True)


def test_a_civilization_count_that_is_not_the_player_count(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "trade_cards.toml", "[setups.17]\nplayers = 17",
                            "[setups.17]\nplayers = 16"))
    assert err.key == "setups.17.civilizations"
    assert "17 civilizations for 16 players" in err.problem


def test_a_player_count_without_setup(tmp_path: Path) -> None:
    copy = broken(tmp_path, "trade_cards.toml", "[setups.17]", "[setups.17]")
    text = (copy / "trade_cards.toml").read_text(encoding="utf-8")
    start, end = text.index("[setups.17]"), text.index("[setups.18]")
    (copy / "trade_cards.toml").write_text(text[:start] + text[end:], encoding="utf-8")
    err = load_error(copy)
    assert str(err) == "trade_cards.toml: setups: no setup for 17 players"


def test_a_calamity_id_that_is_a_commodity(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "ruleset-double-empires.toml", "[calamities.drought]",
                            "[calamities.salt]"))
    assert err.file == "ruleset-double-empires.toml"
    assert err.key.startswith("calamities.salt")


def test_two_calamities_with_the_same_order(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "ruleset-classic.toml", 'kind = "tradable"\norder = 1',
                            'kind = "tradable"\norder = 0'))
    assert err.file == "ruleset-classic.toml"
    assert err.key.endswith(".order")


def test_a_toml_syntax_error(tmp_path: Path) -> None:
    err = load_error(broken(tmp_path, "ast.toml", "[[basic]]", "[[basic]"))
    assert (err.file, err.key) == ("ast.toml", "(syntax)")


def test_a_missing_file(tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(DATA_DIR, copy)
    (copy / "ruleset-mega-empires.toml").unlink()
    err = load_error(copy)
    assert (err.file, err.key) == ("ruleset-mega-empires.toml", "(file)")

"""Instructions for a real board after the app has played: places with the nearest hero as a
landmark, a figure's moves in a row as one, removals, notes, the players' own moves left out,
and moves no event tells of read from where the figures stood."""
from dungeon_tui.engine.game import Event
from dungeon_tui.engine.table_steps import table_steps
from dungeon_tui.rulesets import get

HQ = get("heroquest")
HEROES = ["barbarian", "dwarf", "elf", "wizard"]


def ev(kind, **data):
    return Event(kind, data)


def test_heroquest_steps_read_as_instructions():
    p = HQ.presenter()
    # The Barbarian on 1,14, the Dwarf on 2,14, the Elf on 1,15, the Wizard on 2,15; Skeleton 1
    # has come to 3,15, Skeleton 2 stands on 3,2.
    figures = {"barbarian": ("Barbarian", (1, 14)), "dwarf": ("Dwarf", (2, 14)), "elf": ("Elf", (1, 15)),
               "wizard": ("Wizard", (2, 15)), "m1": ("Skeleton 1", (3, 15)), "m2": ("Skeleton 2", (3, 2))}
    events = [
        ev("reveal", appeared=["Skeleton 1", "Skeleton 2"], text="Revealed: a room, with Skeleton 1 and Skeleton 2."),
        ev("move", figure="m1", frm=[3, 13], to=[3, 14], text="Skeleton 1 moves to 3,14."),
        ev("move", figure="m1", frm=[3, 14], to=[3, 15], text="Skeleton 1 moves to 3,15."),
        ev("roll", rule="hq.combat.attack", text="Skeleton 1 attacks the Dwarf."),
        ev("move", figure="barbarian", frm=[1, 14], to=[1, 13], text="Barbarian moves to 1,13."),
        ev("death", figure="m2", text="Skeleton 2 is slain."),
        ev("door", figure="dwarf", door="d8", text="Dwarf opens the door between 3,17 and 3,18."),
    ]
    assert table_steps(events, p.table_kinds, figures, HEROES, p.hero_article, frozenset({"barbarian"})) == [
        "Place Skeleton 1 on 3,13, next to the Dwarf.",  # where it stood before its moves here
        "Place Skeleton 2 on 3,2.",  # no hero within 3 squares: no landmark
        "Move Skeleton 1 from 3,13 to 3,15, next to the Dwarf.",  # two steps, one instruction
        "Remove Skeleton 2 from the board.",
        "Dwarf opens the door between 3,17 and 3,18.",
    ]
    # Without the players' own figures left out, the Barbarian's move is one more step.
    assert "Move Barbarian from 1,14 to 1,13, next to the Dwarf." in table_steps(
        events, p.table_kinds, figures, HEROES, "the ")


def test_moves_no_event_tells_of_come_from_where_figures_stood():
    """A HeroQuest hero walks one decision a step, with no move event; a monster comes into
    view and another leaves it: the figures before and after tell it."""
    game = HQ.new_game({"adventure": "the_trial"}, 3)
    p = HQ.presenter()
    before = p.figures(game, "hero:barbarian")
    assert before["elf"] == ("Elf", (1, 15)) and "m1" not in before  # the view shows no unrevealed monster
    after = dict(before)
    after["elf"] = ("Elf", (2, 16))
    after["m9"] = ("Orc 1", (3, 16))
    door = ev("door", figure="elf", door="d8", text="Elf opens the door between 3,17 and 3,18.")
    assert table_steps([door], p.table_kinds, after, HEROES, p.hero_article, before=before) == [
        "Elf opens the door between 3,17 and 3,18.", "Move Elf from 1,15 to 2,16, next to the Wizard.",
        "Place Orc 1 on 3,16, next to the Elf."]
    assert table_steps([door], p.table_kinds, after, HEROES, p.hero_article, frozenset({"elf"}), before) == [
        "Elf opens the door between 3,17 and 3,18.", "Place Orc 1 on 3,16, next to the Elf."]


def test_each_game_names_its_board_changes():
    """A few decisions of every game with the AI on every seat give instructions, in words."""
    for gid, decisions in (("warhammer-quest", 400), ("catakombs", 200), ("skirmish", 120), ("ashardalon", 600)):
        rs = get(gid)
        game = rs.new_game({}, 3)
        ai = rs.ai_controllers()
        p = rs.presenter()
        seat = next((s for s in rs.seats(game.state) if s.startswith("hero:")), rs.seats(game.state)[0])
        before = p.figures(game, seat)
        for _ in range(decisions):
            if game.over:
                break
            d = game.pending
            game.play(*(ai.get(d.seat) or ai["*"]).choose(game, d))
        heroes = list(getattr(game.state, "seat_of", {}))
        steps = table_steps(game.events, p.table_kinds, p.figures(game, seat), heroes, p.hero_article, before=before)
        assert steps, gid
        assert all(s.endswith(".") and "{" not in s and "None" not in s for s in steps), (gid, steps[:5])
        assert any(s.startswith(("Place ", "Move ")) for s in steps), (gid, steps[:5])


def test_steps_come_in_the_order_they_happened():
    """A Zargon turn after the AI's Elf has walked: the Elf's steps (no event, read from where the
    figures stood at each decision) come first, then Orc 1's move, its attack (no step), Orc 2's
    move, and the Elf's next steps after them, not all the figures' moves at the end."""
    from dungeon_tui.engine.table_steps import table_story
    p = HQ.presenter()
    start = {"barbarian": ("Barbarian", (1, 14)), "elf": ("Elf", (1, 15)), "m1": ("Orc 1", (6, 15)),
             "m2": ("Orc 2", (6, 17))}
    walked = start | {"elf": ("Elf", (3, 15))}
    orc1 = walked | {"m1": ("Orc 1", (4, 15))}
    orc2 = orc1 | {"m2": ("Orc 2", (4, 16))}
    again = orc2 | {"elf": ("Elf", (3, 14))}
    chunks = [
        ([], {**start, "elf": ("Elf", (2, 15))}),  # the Elf's first step
        ([], walked),  # and its second: one instruction
        ([ev("move", figure="m1", frm=[6, 15], to=[4, 15], text="Orc 1 moves to 4,15.")], orc1),
        ([ev("roll", rule="hq.combat.attack", text="Orc 1 attacks the Elf.")], orc1),
        ([ev("move", figure="m2", frm=[6, 17], to=[4, 16], text="Orc 2 moves to 4,16.")], orc2),
        ([], again),
    ]
    assert table_story(chunks, p.table_kinds, HEROES, p.hero_article, frozenset({"barbarian"}), start) == [
        "Move Elf from 1,15 to 3,15, 2 squares from the Barbarian.",
        "Move Orc 1 from 6,15 to 4,15, next to the Elf.",
        "Move Orc 2 from 6,17 to 4,16, next to the Elf.",
        "Move Elf from 3,15 to 3,14, 2 squares from the Barbarian.",
    ]
    # A figure that walks away and back needs no instruction.
    assert table_story([([], walked), ([], start)], p.table_kinds, HEROES, p.hero_article, before=start) == []


def test_a_watched_heroquest_game_tells_a_zargon_turn_in_order():
    """The players roll their own Barbarian's dice; the AI plays the other heroes and Zargon: as
    the Barbarian rolls his defence the table hears the Elf and the Wizard walk, the Dwarf fall,
    then Chaos Warrior 1 and Chaos Warrior 2 move up to him (the second strikes), as they
    happened."""
    from dungeon_tui.tui.session import new_session
    from dungeon_tui.tui.table_watch import TableWatch
    s = new_session("heroquest", {}, 1)
    s.options.dice = "mine"
    for seat in ("hero:dwarf", "hero:elf", "hero:wizard"):
        s.owners[seat] = "AI"
    watch = TableWatch(s, "hero:barbarian")
    told = []
    while len(s.game.decisions) < 429:
        d = s.game.pending
        if s.stops_for(d):
            told.append(watch.news("hero:barbarian"))
            s.play_typed(None) if s.must_type(d) else s.game.play(*s.ai_choice(d))
        else:
            s.play_ai_step()
    said = [e.data.get("action") for e in s.game.events if e.kind == "decision"]
    turn = ["Chaos Warrior 1 moves to 14,9", "Chaos Warrior 2 moves to 15,8", "Chaos Warrior 2 attacks Barbarian",
            "4d6 = 2+4+4+5"]
    assert said[-4:] == turn
    assert watch.news("hero:barbarian") == [
        "Move Elf from 13,15 to 11,18.", "Move Wizard from 13,13 to 13,18, 2 squares from the Elf.",
        "Remove Dwarf from the board.",
        "Move Chaos Warrior 1 from 14,10 to 14,9, next to the Barbarian.",
        "Move Chaos Warrior 2 from 15,9 to 15,8, next to the Barbarian."]
    assert sum(len(steps) for steps in told) > 10


def test_a_move_event_without_its_start_square_reads_from_where_the_figure_stood():
    """Ashardalon's three Legion Devils move with events that name only where they go: each
    step says where it came from, so the players know which figure to move."""
    from dungeon_tui.engine.table_steps import table_story
    p = get("ashardalon").presenter()
    start = {"quinn": ("Quinn", (0, 2)), "l1": ("Legion Devil", (-3, 1)), "l2": ("Legion Devil", (-3, 0))}
    after = start | {"l1": ("Legion Devil", (-1, 1)), "l2": ("Legion Devil", (-1, 2))}
    chunks = [([ev("move", figure="l1", to=[-1, 1], text="")], start | {"l1": after["l1"]}),
              ([ev("move", figure="l2", to=[-1, 2], text="")], after)]
    assert table_story(chunks, p.table_kinds, ["quinn"], p.hero_article, before=start) == [
        "Move Legion Devil from -3,1 to -1,1, next to Quinn.", "Move Legion Devil from -3,0 to -1,2, next to Quinn."]


def test_the_watch_goes_on_reading_the_figures_after_an_undo():
    from dungeon_tui.tui.session import new_session
    from dungeon_tui.tui.table_watch import TableWatch
    s = new_session("heroquest", {}, 5)
    s.options.dice = "mine"
    for seat in ("hero:dwarf", "hero:elf", "hero:wizard"):
        s.owners[seat] = "AI"

    def to_the_barbarian():
        while not s.is_human(s.game.pending.seat) or s.game.pending.chance is not None:
            d = s.game.pending
            s.play_typed(None) if s.must_type(d) else s.game.play(*s.ai_choice(d))

    watch = TableWatch(s, "hero:barbarian")
    to_the_barbarian()
    watch.news("hero:barbarian")
    ends = next(a for a in s.game.pending.options if a.kind == "end_turn")
    s.play_human(ends)
    assert s.undo() and watch.on_event in s.game.listeners  # the undo's game is watched too
    watch.news("hero:barbarian")
    s.play_human(ends)
    to_the_barbarian()
    assert len(watch.marks) > 3  # the figures were read at each decision of the AI's heroes and Zargon
    watch.news("hero:barbarian")
    assert watch.marks == []  # read into the steps, then let go

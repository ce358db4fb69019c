"""The battle in plain words: what each record says with its rule, where the pieces stand,
and what the players do next."""

from __future__ import annotations


from bot.batalj.board import ENEMY, NAMES, SECTORS, SWEDEN, name
from bot.batalj.state import Battle, Group, Question
from bot.records import Record

NEXT = {"setup": "place your troops (pnpkit batalj place AREA CARD SOLDIERS [COMMANDERS], pnpkit batalj artillery "
                 "STYRKA), then pnpkit batalj ready (the bot places the enemy)",
        "fire": "step 2: pnpkit batalj fire (all Artillery; enter your dice with --dice, the enemy's with --enemy-dice)",
        "attack": "step 3: pnpkit batalj attack (every Swedish Sector that can, or --from s1,sr, or --none; --dice)",
        "counter": "step 4: pnpkit batalj counter (the enemy counter-attacks; --dice for its dice)",
        "redeploy": "step 5: pnpkit batalj redeploy \"MOVE; MOVE\" (or nothing), then the enemy redeploys (step 6)"}


def next_step(b: Battle, question: Question | None = None) -> str:
    if question is not None:
        return f"answer: pnpkit batalj choose {'|'.join(question.options)}  ({question.text})"
    if b.phase == "over":
        won = {SWEDEN: "Sweden wins", None: "ended by agreement"}.get(b.winner, "the enemy wins")
        return f"the battle is over: {won}."
    return NEXT[b.phase]


def format_records(records: list[Record]) -> str:
    """Each record on its line, the rule it follows under it."""
    return "\n".join(f"{r.words}\n    rule: {r.rule}" for r in records)


def _group(g: Group) -> str:
    if g.side is None and not g.card:
        return "empty"
    pieces = f"{g.soldiers} Soldier(s)" + (f", {g.commanders} Commander(s)" if g.commanders else "")
    side = "Swedish" if g.side == SWEDEN else "enemy" if g.side == ENEMY else ""
    return f"{side} {pieces}".strip() + (f" on {g.card}" if g.card else "")


def question_text(q: Question) -> str:
    """A question as the terminal asks it: the text and its answers."""
    answers = {"soldier": "soldier (remove a Soldier)", "commander": "commander (retreat a Commander)"}
    return f"? {q.text}\n  answers: " + ", ".join(answers.get(o, name(o) if o in NAMES else o) for o in q.options)


def status_text(b: Battle, question: Question | None = None) -> str:
    head = f"Round {b.round}, {b.phase}" if b.phase != "setup" else "Setup (battle step 1)"
    lines = [f"{head}: {next_step(b, question)}"]
    for side in (ENEMY, SWEDEN):
        r = b.reserves[side]
        lines.append(f"  {name('er' if side == ENEMY else 'sr')}: {r.soldiers} Soldier(s), {r.commanders} "
                     f"Commander(s), Cannons {', '.join(f'Styrka {c}' for c in r.cannons) or 'none'}"
                     + (f"; cards {', '.join(r.cards)}" if r.cards else ""))
    for s in SECTORS[1::2] + SECTORS[0::2]:             # the enemy's row first, as the board lies
        lines.append(f"  {name(s)}: {_group(b.sectors[s])}")
    effects = [w for w, on in (("The Taste of the Swedish Steel", b.steel), ("Fortune of war", b.fortune)) if on]
    if effects or b.played:
        lines.append(f"  cards played: {', '.join(b.played) or 'none'}"
                     + (f"; this round: {', '.join(effects)}" if effects else ""))
    return "\n".join(lines)

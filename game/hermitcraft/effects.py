"""What every Hermitcraft card does, registered by card id (docs/plugging-in-a-game.md §4).

Numbers come from the card data (`card.params`); the rules call these handlers at the moments
the rulebook names (rules.py). Hermits: only the attack marked `special` has behaviour.
"""

from __future__ import annotations

from itertools import combinations

from game.core import decisions
from game.core.decisions import PICK, Decision
from game.core.flow import mark, marked, unmark
from game.hermitcraft import board as B
from game.hermitcraft import choices as C
from game.hermitcraft.board import BURN, ITEM_SLOTS, POISON
from game.hermitcraft.choices import question
from game.hermitcraft.hooks import EFFECTS

on = EFFECTS.on


def _params(s, card_id):
    return s.cs.by_id[card_id].params


def _attacker(s, p, atk):
    return s.hermit[p][atk["row"]]


def _apply_bonus(s, p, atk, bonus):
    add, mults = bonus(s, p, atk["row"], atk["target_side"], atk["target"])
    atk["add"] += add
    atk["mults"] += tuple(mults)


def _opp_active(s, p):
    """(seat, row) of the opposing active Hermit, row -1 if there is none."""
    return 1 - p, s.active[1 - p]


# === Hermits ====================================================================================

@on("own_effects", "bdubs_r")
def shreep(s, p, atk):
    r = atk["row"]
    B.heal(s, p, r, s.card(_attacker(s, p, atk)).health)
    B.fall_asleep(s, p, r)


@on("own_effects", "beef_r")
def beefy_tunes(s, p, atk):
    if B.flip(s, p, "beef_r")[0]:
        for r in B.rows_with_hermits(s, p):
            B.clear_statuses(s, p, r)


def _afk_names(s, p):
    return {s.name(s.hermit[p][r]) for r in B.afk_rows(s, p)}


@on("known_bonus", "beef_ur")
def nho_bonus(s, p, row, side, target):
    params = _params(s, "beef_ur")
    return 0, [params["percent"]] if set(params["afk_names"]) <= _afk_names(s, p) else []


@on("own_effects", "beef_ur")
def nho(s, p, atk):
    _apply_bonus(s, p, atk, nho_bonus)


@on("own_effects", "docm_r")
def world_eater(s, p, atk):
    params = _params(s, "docm_r")
    heads = B.flip(s, p, "docm_r")[0]
    atk["mults"] += (params["heads_percent"] if heads else params["tails_percent"],)


@on("own_effects", "etho_r")
def blue_fire(s, p, atk):
    q, r = _opp_active(s, p)
    if B.flip(s, p, "etho_r")[0] and r >= 0:
        B.apply_status(s, q, r, BURN)


@on("own_effects", "etho_ur")
def slab(s, p, atk):
    params = _params(s, "etho_ur")
    atk["add"] += params["per_heads"] * sum(B.flip(s, p, "etho_ur", params["coins"]))


@on("own_effects", "false_r")
def supremacy(s, p, atk):
    if B.flip(s, p, "false_r")[0]:
        B.heal(s, p, atk["row"], _params(s, "false_r")["heal"])


@on("known_bonus", "impulse_r")
def boomer_bonus(s, p, row, side, target):
    params = _params(s, "impulse_r")
    return params["per_hermit"] * len(set(params["afk_names"]) & _afk_names(s, p)), []


@on("own_effects", "impulse_r")
def boomer(s, p, atk):
    _apply_bonus(s, p, atk, boomer_bonus)


@on("known_bonus", "iskall_r")
def bird_poop_bonus(s, p, row, side, target):
    params = _params(s, "iskall_r")
    hit = target >= 0 and s.hermit[side][target] >= 0 and \
        s.card(s.hermit[side][target]).type == params["against"]
    return 0, [params["percent"]] if hit else []


@on("own_effects", "iskall_r")
def bird_poop(s, p, atk):
    _apply_bonus(s, p, atk, bird_poop_bonus)


def _time_skip_barred(s, p):
    """Time Skip skipped the opponent's last turn: not again on this one (D29)."""
    return marked(s, p, "time_skip_bar") == s.turn


@on("attack_check", "joe_r")
def time_skip_allowed(s, p, which, card):
    if _time_skip_barred(s, p):
        return "Time Skip cannot be used on the turn after it skipped a turn."
    return None


@on("own_effects", "joe_r")
def time_skip(s, p, atk):
    q = 1 - p
    if s.skipped[q] or s.skip_next[q]:
        return  # no two skipped turns in a row: no flip (D29, D41)
    if B.flip(s, p, "joe_r")[0]:
        s.skip_next[q] = True
        mark(s, p, "time_skip_bar", s.turn + 2)
        s.emit("message", lambda: f"{B.seat(s, q)} will skip their next turn.", p)


@on("attack_choices", "keralis_r")
def sweet_face_target(s, p, atk):
    if B.noted(atk, "keralis_r") is not None:
        return False
    afk = B.afk_rows(s, p)
    if not afk:
        B.note(atk, "keralis_r", -1)  # nobody to heal
        return False
    B.ask(s, "keralis_heal", p, tuple(afk), prompt="{seat}: choose an AFK Hermit to heal")
    return True


@question("keralis_heal", C.own_rows)
def sweet_face_row(s, p, frame, r):
    B.note(s.attack, "keralis_r", r)


@on("own_effects", "keralis_r")
def sweet_face(s, p, atk):
    r = B.noted(atk, "keralis_r", -1)
    if r >= 0:
        B.heal(s, p, r, _params(s, "keralis_r")["heal"])


@on("known_bonus", "mumbo_r")
def quite_simple_bonus(s, p, row, side, target):
    params = _params(s, "mumbo_r")
    afk = any(s.card(s.hermit[p][r]).type == params["afk_type"] for r in B.afk_rows(s, p))
    return 0, [params["percent"]] if afk else []


@on("own_effects", "mumbo_r")
def quite_simple(s, p, atk):
    params = _params(s, "mumbo_r")
    atk["add"] += params["per_heads"] * sum(B.flip(s, p, "mumbo_r", params["coins"]))
    _apply_bonus(s, p, atk, quite_simple_bonus)


@on("own_effects", "pearl_r")
def aussie_ping(s, p, atk):
    if marked(s, p, "aussie_missed") == s.turn - 1:
        return  # after a miss, Aussie Ping on the following turn does nothing
    mark(s, 1 - p, "pearl_r", s.turn + 1)  # the opponent's next attack may miss


@on("waiting", "pearl_r", order=1)
def aussie_ping_flip(s, p, atk):
    if marked(s, p, "pearl_r") != s.turn:
        return
    unmark(s, p, "pearl_r")
    if B.flip(s, 1 - p, "pearl_r")[0]:
        atk["miss"] = True
        mark(s, 1 - p, "aussie_missed", s.turn)


def deathloop_armed(s, iid):
    """Deathloop waits on this Hermit (marked with the last turn it lasts)."""
    return marked(s, B.about(iid), "scar_r", -1) >= s.turn


@on("own_effects", "scar_r")
def deathloop(s, p, atk):
    """The attacker revives once if knocked out before its owner's next turn starts (D36)."""
    iid = _attacker(s, p, atk)
    if not marked(s, B.about(iid), "deathloop_used") and not deathloop_armed(s, iid):
        mark(s, B.about(iid), "scar_r", s.turn + 1)


@on("revive", "scar_r")
def deathloop_revives(s, p, r):
    iid = s.hermit[p][r]
    if not deathloop_armed(s, iid):
        return None
    unmark(s, B.about(iid), "scar_r")
    mark(s, B.about(iid), "deathloop_used")  # once while this card stays on the board
    scar = s.cs.by_id["scar_r"]
    return scar.params["revive_health"], scar.secondary.name


@on("known_bonus", "stress_r")
def yolo_bonus(s, p, row, side, target):
    return s.hp[p][row], []  # the Hermit hit deals Stress's HP before the hits (D39)


@on("own_effects", "stress_r")
def yolo(s, p, atk):
    _apply_bonus(s, p, atk, yolo_bonus)
    atk["self_hit"] = s.hp[p][atk["row"]]


@on("own_effects", "tfc_r")
def branch_mine(s, p, atk):
    if B.flip(s, p, "tfc_r")[0]:
        more = _params(s, "tfc_r")["extra_draw"]
        mark(s, p, B.EXTRA_DRAWS, marked(s, p, B.EXTRA_DRAWS, 0) + more)


@on("own_effects", "tfc_ur")
def take_it_easy(s, p, atk):
    q, r = _opp_active(s, p)
    if r < 0 or s.effect[q][r] < 0:
        return
    pair = B.about(_attacker(s, p, atk), s.hermit[q][r])
    if marked(s, pair, "tfc_ur"):  # once for each pair of these two Hermits
        return
    if B.flip(s, p, "tfc_ur")[0]:
        iid = s.effect[q][r]
        s.effect[q][r] = -1
        B.discard(s, iid)
        mark(s, pair, "tfc_ur")
        s.emit("move", lambda: f"Take It Easy discards {s.name(iid)}.", p, card=iid,
               to="discard")


@on("known_bonus", "wels_r")
def vengeance_bonus(s, p, row, side, target):
    params, hp = _params(s, "wels_r"), s.hp[p][row]
    if hp <= params["red_at_most"]:
        return params["red_bonus"], []
    if params["orange_at_least"] <= hp <= params["orange_at_most"]:
        return params["orange_bonus"], []
    return 0, []


@on("own_effects", "wels_r")
def vengeance(s, p, atk):
    _apply_bonus(s, p, atk, vengeance_bonus)


@on("own_effects", "xb_r")
def noice(s, p, atk):
    s.ignore_side = 1 - p
    s.emit("message", lambda: f"Noice!: {B.seat(s, 1 - p)}'s effect cards are ignored this turn.",
           p)


@on("own_effects", "xisuma_r")
def cup_of_tea(s, p, atk):
    q, r = _opp_active(s, p)
    if B.flip(s, p, "xisuma_r")[0] and r >= 0:
        B.apply_status(s, q, r, POISON)


@on("own_effects", "zedaph_r")
def sheep_stare(s, p, atk):
    if B.flip(s, p, "zedaph_r")[0]:
        mark(s, 1 - p, "zedaph_r", s.turn + 1)  # the opponent's next attack may turn


@on("waiting", "zedaph_r", order=0)
def sheep_stare_flip(s, p, atk):
    if marked(s, p, "zedaph_r") != s.turn:
        return
    unmark(s, p, "zedaph_r")
    if B.flip(s, 1 - p, "zedaph_r")[0]:
        row = atk["row"]
        atk["target_side"], atk["target"] = p, row
        s.emit("message", lambda: f"Sheep Stare: {s.name(s.hermit[p][row])} hits its own side.",
               p)


@on("attack_choices", "hypno_r")
def got_em_target(s, p, atk):
    if B.noted(atk, "hypno_r"):
        return False
    B.note(atk, "hypno_r", True)
    q = 1 - p
    afk = B.afk_rows(s, q) if s.items[p][atk["row"]] else []
    if not afk:
        return False
    B.ask(s, "hypno_target", p, (s.active[q], *afk),
          prompt="{seat}: choose the target (an AFK Hermit costs one item)")
    return True


@question("hypno_target", C.their_rows)
def got_em_aim(s, p, frame, r):
    s.attack["target"] = r
    if r != s.active[1 - p]:
        B.ask(s, "hypno_discard", p, tuple(s.items[p][s.attack["row"]]),
              prompt="{seat}: discard one of your Hermit's items")


@question("hypno_discard", C.cards)
def got_em_cost(s, p, frame, iid):
    r = s.attack["row"]
    s.items[p][r].remove(iid)
    B.discard(s, iid)
    s.emit("move", lambda: f"{B.seat(s, p)} discards {s.name(iid)} to aim at an AFK Hermit.",
           p, card=iid, to="discard")


@on("own_effects", "hypno_r")
def got_em(s, p, atk):
    """The target was chosen (and the item discarded) in step 1."""


_COPIERS = {("rendog_r", "secondary"), ("cleo_r", "secondary")}


def copy_options(s, p, copier):
    """(Hermit instance, attack) pairs a copier may copy (D31): never Role Play or Puppetry;
    Time Skip not on a turn it is barred."""
    if copier == "rendog_r":
        sources = [s.hermit[1 - p][r] for r in B.rows_with_hermits(s, 1 - p)]
    else:
        sources = [s.hermit[p][r] for r in B.afk_rows(s, p)]
    out = []
    for iid in sources:
        for which in ("primary", "secondary"):
            if (s.defs[iid], which) in _COPIERS:
                continue
            if s.defs[iid] == "joe_r" and which == "secondary" and _time_skip_barred(s, p):
                continue
            out.append((iid, which))
    return out


@on("attack_check", "rendog_r", "cleo_r")
def copy_allowed(s, p, which, card):
    if not copy_options(s, p, card.id):
        return ("Puppetry needs an AFK Hermit of yours to copy." if card.id == "cleo_r"
                else "Role Play finds no attack to copy.")
    return None


@on("attack_choices", "rendog_r", "cleo_r")
def choose_copied_attack(s, p, atk):
    if B.noted(atk, "copied") is not None:
        return False
    B.ask(s, "copy_attack", p, tuple(copy_options(s, p, atk["card"])),
          prompt="{seat}: choose the attack to copy")
    return True


def _copies_shown(s, frame):
    return [((iid, which), f"Copy {B.row_desc(s, *B.board_place(s, iid))}: "
             f"{s.card(iid).attack(which).name}") for iid, which in frame.options]


@question("copy_attack", _copies_shown)
def copy_attack(s, p, frame, value):
    """The copier uses the chosen attack as its own (D31)."""
    iid, which = value
    s.attack["card"], s.attack["which"] = s.defs[iid], which
    B.note(s.attack, "copied", iid)
    s.emit("copy", lambda: f"{s.name(s.hermit[p][s.attack['row']])} copies {s.name(iid)}'s "
           f"{s.card(iid).attack(which).name}.", p)


@on("after_attack", "cub_r")
def lets_go(s, p, atk):
    s.pending.append([B.SELF_SWITCH, "self", p, True])


@on("after_attack", "jevin_r")
def peace_out(s, p, atk):
    s.pending.append([B.FORCED, "forced", 1 - p])


@on("after_attack", "tango_r")
def extra_flee(s, p, atk):
    s.pending.append([B.FORCED, "forced", 1 - p])
    s.pending.append([B.SELF_SWITCH, "self", p, False])


@on("after_attack", "gem_r")
def geminislay(s, p, atk):
    s.pending.append([B.GRANT, "grant"])


@on("after_attack", "grian_r")
def borrow(s, p, atk):
    s.pending.append([B.CARD_STEP, "card", "grian_r", p, atk["opp_active"], atk["row"]])


@on("card_step", "grian_r")
def borrow_steal(s, p, opp_row, own_row):
    q = 1 - p
    if opp_row < 0 or s.hermit[q][opp_row] < 0 or s.effect[q][opp_row] < 0:
        return
    if not B.flip(s, p, "grian_r")[0]:
        return
    iid = s.effect[q][opp_row]
    can_attach = (s.hermit[p][own_row] >= 0 and s.effect[p][own_row] < 0
                  and not B.is_down(s, p, own_row))
    if can_attach:  # the card stays where it is until Grian's player answers
        B.ask(s, "grian_steal", p, ("attach", "discard"), (iid, own_row, opp_row),
              prompt="{seat}: attach the stolen card to your Hermit, or discard it")
    else:
        s.effect[q][opp_row] = -1
        B.discard(s, iid, to=p)
        s.emit("move", lambda: f"{B.seat(s, p)} takes and discards {s.name(iid)}.", p, card=iid,
               to="discard")


@question("grian_steal", C.worded({"attach": "Attach it to your Hermit",
                                   "discard": "Discard it"}))
def borrow_keep_or_discard(s, p, frame, choice):
    iid, r, opp_row = frame.context
    s.effect[1 - p][opp_row] = -1
    if choice == "attach":
        s.effect[p][r] = iid
        s.emit("move", lambda: f"{s.name(s.hermit[p][r])} takes {s.name(iid)}.", p, card=iid,
               to=["effect", p, r])
        B.moved(s, iid)
        B.arrived(s, p, r, iid)
    else:
        B.discard(s, iid, to=p)  # to the stealer's discard pile (D40)
        s.emit("move", lambda: f"{B.seat(s, p)} discards the stolen {s.name(iid)}.", p,
               card=iid, to="discard")


# === Attached effect cards =====================================================================

@on("reduce", "gold_armour", "iron_armour", "diamond_armour", "netherite_armour")
def armour(s, iid, amount, source, budget, absorbed):
    """A per-turn budget (D12); Diamond's extra allowance and Netherite's immunity are for
    effect-card damage only; Thorns ignores armour (D33)."""
    if source == B.PIERCING:
        return amount
    card = s.card(iid)
    used = budget.setdefault(iid, [0, 0])
    if source == B.EFFECT:
        if card.id == "netherite_armour":
            return 0
        extra = min(amount, card.params.get("effect_budget", 0) - used[1])
        used[1] += extra
        amount -= extra
    blocked = min(amount, card.params["budget"] - used[0])
    used[0] += blocked
    return amount - blocked


@on("stays_active", "netherite_armour")
def netherite_stays(*_):
    return True


@on("reduce", "shield")
def shield(s, iid, amount, source, budget, absorbed):
    """Absorbs up to 60 in total from one action's hits (not burn); discarded after it."""
    if source == B.BURNING:
        return amount
    left = s.card(iid).params["absorb"] - absorbed.get(iid, 0)
    taken = min(left, amount)
    if taken > 0:
        absorbed[iid] = absorbed.get(iid, 0) + taken
    return amount - taken


@on("played", "bed")
def bed(s, p, r, iid):
    B.heal(s, p, r, s.card(s.hermit[p][r]).health)
    B.fall_asleep(s, p, r)
    mark(s, B.about(iid, s.hermit[p][r]), "bed")  # discarded when this Hermit wakes


@on("woke", "bed")
def bed_woke(s, p, r, iid):
    """The Bed played on this Hermit is discarded; a moved Bed does nothing (D16)."""
    slept = B.about(iid, s.hermit[p][r])
    if not marked(s, slept, "bed"):
        return
    unmark(s, slept, "bed")
    s.effect[p][r] = -1
    B.discard(s, iid)
    s.emit("move", f"{B.row_desc(s, p, r)} wakes; the Bed is discarded.", p, card=iid,
           to="discard")


@on("attached", "milk_bucket")
def milk_attached(s, p, r, iid):
    B.cure(s, p, r, POISON)


@on("attached", "water_bucket")
def water_attached(s, p, r, iid):
    B.cure(s, p, r, BURN)


@on("immune", "milk_bucket")
def milk_immune(dot):
    return dot == POISON


@on("immune", "water_bucket")
def water_immune(dot):
    return dot == BURN


@on("revive", "totem")
def totem(s, p, r):
    iid = s.effect[p][r]
    s.effect[p][r] = -1
    B.discard(s, iid)
    return s.card(iid).params["revive_health"], s.card(iid).name


@on("hp_zero", "loyalty")
def loyalty(s, p, r):
    """The items go to the hand at once, so Grian may still steal the Loyalty card (D40)."""
    items, s.items[p][r] = s.items[p][r], []
    s.hands[p] += items
    if items:
        s.emit("move", lambda: f"Loyalty returns the items of {B.row_desc(s, p, r)} to "
               f"{B.seat(s, p)}'s hand.", p, to="hand")


@on("reaction", "thorns", order=0)
def thorns(row, hit_rows):
    """Only when its own Hermit was hit; armour does not stop it (D33)."""
    return B.PIERCING if row in hit_rows else None


@on("reaction", "wolf", order=1)
def wolf(row, hit_rows):
    """When any Hermit of its owner was hit."""
    return B.EFFECT


# === Buckets as single-use cards (D38) ===========================================================

#: the status each bucket cures
_CURES = {"milk_bucket": POISON, "water_bucket": BURN}


def _bucket_rows(s, p, card_id):
    dot = _CURES[card_id]
    return [r for r in B.rows_with_hermits(s, p) if s.dot[p][r] == dot]


@on("can_use", "milk_bucket", "water_bucket")
def bucket_usable(s, p, card_id):
    return None if _bucket_rows(s, p, card_id) else \
        "None of your Hermits needs this bucket; attach it instead."


@on("use", "milk_bucket", "water_bucket")
def bucket_use(s, p, iid):
    rows = _bucket_rows(s, p, s.defs[iid])
    B.ask(s, "bucket_target", p, tuple(rows), (iid,),
          prompt="{seat}: choose the Hermit to cure")


@question("bucket_target", C.own_rows)
def bucket_cure(s, p, frame, r):
    B.cure(s, p, r, _CURES[s.defs[frame.context[0]]])


# === Single-use cards ============================================================================

def _needs_opp_active(s, p):
    return None if s.active[1 - p] >= 0 else "The opponent has no active Hermit."


@on("can_use", "iron_sword", "diamond_sword", "netherite_sword", "golden_axe", "tnt",
    "lava_bucket", "splash_potion_of_poison")
def needs_opposing_active(s, p, card_id):
    return _needs_opp_active(s, p)


@on("su_hits", "iron_sword", "diamond_sword", "netherite_sword", "golden_axe")
def sword(s, p, atk):
    q, r = _opp_active(s, p)
    card = s.card(atk["su"])
    return [(q, r, card.params["damage"])] if r >= 0 else []


@on("before_hits", "golden_axe")
def golden_axe(s, p, atk):
    q, r = _opp_active(s, p)
    if r >= 0 and s.effect[q][r] >= 0:
        s.ignored.append(s.effect[q][r])


@on("su_hits", "tnt")
def tnt(s, p, atk):
    params = _params(s, "tnt")
    q, r = _opp_active(s, p)
    hits = [(q, r, params["damage"])] if r >= 0 else []
    if s.active[p] >= 0:
        hits.append((p, s.active[p], params["self_damage"]))
    return hits


@on("can_use", "bow")
def bow_usable(s, p, card_id):
    return None if B.afk_rows(s, 1 - p) else "The opponent has no AFK Hermit to shoot."


@on("su_choices", "bow")
def bow_target(s, p, atk):
    afk = B.afk_rows(s, 1 - p)
    if len(afk) <= 1:
        atk["su_targets"] = tuple(afk)
        return False
    B.ask(s, "bow_target", p, tuple(afk), prompt="{seat}: choose the Bow's target")
    return True


@question("bow_target", C.their_rows)
def bow_aim(s, p, frame, r):
    s.attack["su_targets"] = (r,)


@on("su_hits", "bow", "crossbow")
def arrows(s, p, atk):
    damage = s.card(atk["su"]).params["damage"]
    return [(1 - p, r, damage) for r in atk["su_targets"] or ()]


@on("can_use", "crossbow")
def crossbow_usable(s, p, card_id):
    return None if B.rows_with_hermits(s, 1 - p) else "The opponent has no Hermit."


@on("su_choices", "crossbow")
def crossbow_targets(s, p, atk):
    rows = B.rows_with_hermits(s, 1 - p)
    n = _params(s, "crossbow")["targets"]
    if len(rows) <= n:
        atk["su_targets"] = tuple(rows)
        return False
    B.ask(s, "crossbow_targets", p, tuple(combinations(rows, n)),
          prompt=f"{{seat}}: choose {n} Hermits for the Crossbow")
    return True


@question("crossbow_targets", C.their_row_sets)
def crossbow_aim(s, p, frame, rows):
    s.attack["su_targets"] = tuple(rows)


@on("can_use", "knockback")
def knockback_usable(s, p, card_id):
    return None if B.afk_rows(s, 1 - p) else "The opponent has no AFK Hermit to switch in."


@on("follow_up", "knockback")
def knockback(s, p, atk):
    s.pending.append([B.FORCED, "forced", 1 - p])


@on("can_use", "chorus_fruit")
def chorus_usable(s, p, card_id):
    if s.sleep[p][s.active[p]] > 0:
        return "Your active Hermit is asleep: it cannot attack, so Chorus Fruit has no use."
    if B.is_bound(s, p):
        return "Curse of Binding: your active Hermit cannot go AFK this turn."
    return None if B.afk_rows(s, p) else "You have no AFK Hermit to switch to."


@on("follow_up", "chorus_fruit")
def chorus_fruit(s, p, atk):
    s.pending.append([B.SELF_SWITCH, "self", p, True])


@on("can_use", "chest")
def chest_usable(s, p, card_id):
    return None if _chest_cards(s, p) else "Your discard pile holds nothing Chest can take."


def _chest_cards(s, p):
    return [c for c in s.discards[p] if s.defs[c] != "clock"]


@on("use", "chest")
def chest(s, p, iid):
    B.ask(s, "chest_card", p, tuple(_chest_cards(s, p)), (iid,),
          prompt="{seat}: choose a card to take from your discard pile")


@question("chest_card", C.cards)
def chest_take(s, p, frame, iid):
    s.discards[p].remove(iid)
    s.hands[p].append(iid)
    s.emit("move", lambda: f"{B.seat(s, p)} takes {s.name(iid)} from the discard pile.", p,
           card=iid, to="hand")


@on("can_use", "clock")
def clock_usable(s, p, card_id):
    q = 1 - p
    if s.skipped[q]:
        return "The opponent's last turn was skipped: no two skipped turns in a row."
    if s.skip_next[q]:
        return "The opponent's next turn is already skipped."
    return None


@on("use", "clock")
def clock(s, p, iid):
    s.skip_next[1 - p] = True
    s.emit("message", lambda: f"{B.seat(s, 1 - p)} will skip their next turn.", p)


@on("can_use", "composter")
def composter_usable(s, p, card_id):
    need = _params(s, "composter")["discard"]
    return None if len(s.hands[p]) - 1 >= need else f"Composter needs {need} other cards in hand."


@on("use", "composter")
def composter(s, p, iid):
    n = _params(s, "composter")["discard"]
    decisions.push(s, Decision("composter_discard", (p,), PICK, (), (iid,), (), n, n,
                               prompt=f"{{seat}}: choose {n} cards to discard", then=B.RESOLVE))


def composter_pick(s, p, iid):
    # each picked card goes at once (it is public from then on, so nothing hidden waits in
    # the frame)
    s.hands[p].remove(iid)
    B.discard(s, iid)
    s.emit("move", lambda: f"{B.seat(s, p)} discards {B.hermit_desc(s, iid)}.", p, card=iid,
           to="discard")


@question("composter_discard", C.discard_from(C.own_hand), values=C.own_hand,
          picked=composter_pick)
def composter_draw(s, p, frame, picked):
    B.draw(s, p, s.card(frame.context[0]).params["draw"])


@on("use", "curse_of_binding")
def curse_of_binding(s, p, iid):
    mark(s, 1 - p, "bound_turn", s.turn + 1)


@on("can_use", "curse_of_vanishing")
def vanishing_usable(s, p, card_id):
    q, r = _opp_active(s, p)
    return None if r >= 0 and s.effect[q][r] >= 0 else \
        "The opponent's active Hermit has no effect card."


@on("use", "curse_of_vanishing")
def curse_of_vanishing(s, p, iid):
    q, r = _opp_active(s, p)
    card = s.effect[q][r]
    s.effect[q][r] = -1
    B.discard(s, card)
    s.emit("move", lambda: f"Curse of Vanishing discards {s.name(card)}.", p, card=card,
           to="discard")


@on("use", "efficiency")
def efficiency(s, p, iid):
    mark(s, p, B.FREE_ATTACK, s.turn)


@on("can_use", "emerald")
def emerald_usable(s, p, card_id):
    q = 1 - p
    if s.active[q] < 0:
        return "The opponent has no active Hermit."
    if s.effect[p][s.active[p]] < 0 and s.effect[q][s.active[q]] < 0:
        return "Neither active Hermit has an effect card."
    return None


@on("use", "emerald")
def emerald(s, p, iid):
    q, a, b = 1 - p, s.active[p], s.active[1 - p]
    mine, theirs = s.effect[p][a], s.effect[q][b]
    s.effect[p][a], s.effect[q][b] = theirs, mine
    s.emit("move", "Emerald swaps the active Hermits' effect cards.", p)
    for side, r, card in ((p, a, theirs), (q, b, mine)):
        if card >= 0:
            B.moved(s, card)
            B.arrived(s, side, r, card)


@on("use", "fishing_rod")
def fishing_rod(s, p, iid):
    B.draw(s, p, _params(s, "fishing_rod")["draw"])


@on("use", "flint_and_steel")
def flint_and_steel(s, p, iid):
    for card in list(s.hands[p]):
        s.hands[p].remove(card)
        B.discard(s, card)
        s.emit("move", lambda card=card: f"{B.seat(s, p)} discards {B.hermit_desc(s, card)}.",
               p, card=card, to="discard")
    B.draw(s, p, _params(s, "flint_and_steel")["draw"])


@on("use", "fortune")
def fortune(s, p, iid):
    mark(s, p, "heads_until", s.turn + 1)  # this turn and the opponent's next (D17)


@on("can_use", "golden_apple")
def golden_apple_usable(s, p, card_id):
    return None if B.afk_rows(s, p) else "You have no AFK Hermit to heal."


@on("use", "golden_apple")
def golden_apple(s, p, iid):
    B.ask(s, "heal_target", p, tuple(B.afk_rows(s, p)), (iid,),
          prompt="{seat}: choose an AFK Hermit to heal")


@on("use", "instant_health", "instant_health_ii")
def instant_health(s, p, iid):
    B.ask(s, "heal_target", p, tuple(B.rows_with_hermits(s, p)), (iid,),
          prompt="{seat}: choose a Hermit to heal")


@question("heal_target", C.own_rows)
def heal_chosen(s, p, frame, r):
    B.heal(s, p, r, s.card(frame.context[0]).params["heal"])


@on("use", "invisibility_potion")
def invisibility_potion(s, p, iid):
    q = 1 - p
    heads = B.flip(s, p, "invisibility_potion")[0]
    percent = 0 if heads else _params(s, "invisibility_potion")["tails_percent"]
    mark(s, q, B.NEXT_ATTACK, (*marked(s, q, B.NEXT_ATTACK, ()), percent))
    s.emit("message", lambda: f"{B.seat(s, q)}'s next Hermit attack "
           + ("will miss." if heads else "will deal double damage."), p)


@on("use", "lava_bucket")
def lava_bucket(s, p, iid):
    q, r = _opp_active(s, p)
    B.apply_status(s, q, r, BURN)


@on("can_use", "lead")
def lead_usable(s, p, card_id):
    q, r = _opp_active(s, p)
    if r < 0 or not s.items[q][r]:
        return "The opponent's active Hermit has no item."
    if not any(len(s.items[q][x]) < ITEM_SLOTS for x in B.afk_rows(s, q)):
        return "The opponent has no AFK Hermit with a free item slot."
    return None


@on("use", "lead")
def lead(s, p, iid):
    q, r = _opp_active(s, p)
    B.ask(s, "lead_item", p, tuple(s.items[q][r]), prompt="{seat}: choose the item to move")


@question("lead_item", C.cards)
def lead_item(s, p, frame, iid):
    q = 1 - p
    targets = tuple(r for r in B.afk_rows(s, q) if len(s.items[q][r]) < ITEM_SLOTS)
    B.ask(s, "lead_row", p, targets, (iid,),
          prompt="{seat}: choose the AFK Hermit that gets the item")


@question("lead_row", C.their_rows)
def lead_row(s, p, frame, r):
    q, iid = 1 - p, frame.context[0]
    s.items[q][s.active[q]].remove(iid)
    s.items[q][r].append(iid)
    s.emit("move", lambda: f"Lead moves {s.name(iid)} to {B.row_desc(s, q, r)}.", p, card=iid,
           to=["item", q, r])


@on("can_use", "looting")
def looting_usable(s, p, card_id):
    q, r = _opp_active(s, p)
    return None if r >= 0 and s.items[q][r] else "The opponent's active Hermit has no item."


@on("use", "looting")
def looting(s, p, iid):
    q, r = _opp_active(s, p)
    if B.flip(s, p, "looting")[0]:
        B.ask(s, "looting_item", p, tuple(s.items[q][r]),
              prompt="{seat}: choose the item to take")


@question("looting_item", C.cards)
def looting_take(s, p, frame, iid):
    q = 1 - p
    s.items[q][s.active[q]].remove(iid)
    s.hands[p].append(iid)
    s.emit("move", lambda: f"{B.seat(s, p)} loots {s.name(iid)}.", p, card=iid, to="hand")


def _mending_rows(s, p):
    return [r for r in B.afk_rows(s, p) if s.effect[p][r] < 0]


@on("can_use", "mending")
def mending_usable(s, p, card_id):
    if s.effect[p][s.active[p]] < 0:
        return "Your active Hermit has no effect card."
    return None if _mending_rows(s, p) else "None of your AFK Hermits has a free effect slot."


@on("use", "mending")
def mending(s, p, iid):
    B.ask(s, "mending_row", p, tuple(_mending_rows(s, p)),
          prompt="{seat}: choose the AFK Hermit that gets the effect card")


@question("mending_row", C.own_rows)
def mending_move(s, p, frame, r):
    a = s.active[p]
    iid = s.effect[p][a]
    s.effect[p][a], s.effect[p][r] = -1, iid
    s.emit("move", lambda: f"Mending moves {s.name(iid)} to {B.row_desc(s, p, r)}.", p,
           card=iid, to=["effect", p, r])
    B.moved(s, iid)
    B.arrived(s, p, r, iid)


@on("use", "splash_potion_of_healing")
def splash_healing(s, p, iid):
    for r in B.rows_with_hermits(s, p):
        B.heal(s, p, r, _params(s, "splash_potion_of_healing")["heal"])


@on("use", "splash_potion_of_poison")
def splash_poison(s, p, iid):
    q, r = _opp_active(s, p)
    B.apply_status(s, q, r, POISON)


@on("use", "spyglass")
def spyglass(s, p, iid):
    q = 1 - p
    mark(s, p, B.SEES_HAND, s.turn)
    s.emit("reveal", f"{B.seat(s, p)} looks at {B.seat(s, q)}'s hand.", p,
           private=lambda: "You see: " + (", ".join(B.hermit_desc(s, c) for c in s.hands[q])
                                          or "nothing") + ".",
           seen_by=(p,), secret={"hand": list(s.hands[q])})
    if B.flip(s, p, "spyglass")[0] and s.hands[q]:
        B.ask(s, "spyglass_discard", p, (),
              prompt="{seat}: choose a card for the opponent to discard")


@question("spyglass_discard", C.discard_from(C.their_hand), values=C.their_hand)
def spyglass_discard(s, p, frame, iid):
    q = 1 - p
    s.hands[q].remove(iid)
    B.discard(s, iid)
    s.emit("move", lambda: f"{B.seat(s, q)} discards {B.hermit_desc(s, iid)} (Spyglass).", p,
           card=iid, to="discard")


def check_handlers(cards) -> None:
    """Every card with behaviour has a handler and every handler a card (CardDataError)."""
    from game.hermitcraft.cards import FILES

    uses = []
    for h in cards.hermits:
        if h.primary.special or h.secondary.special:
            uses.append((FILES["hermit"], h.id, h.id))
    for c in cards.effects:
        uses.append((FILES["effect"], c.id, c.id))
    for c in cards.single_uses:
        uses.append((FILES["single_use"], c.id, c.id))
    EFFECTS.check_data(uses)

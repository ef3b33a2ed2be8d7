#!/usr/bin/env python3
"""Seeded generator of realistic journals for `make bench`.

Writes the same journal as jrnl's plain-text format and as jrnl's JSON export:
mixed lengths (a short line to several paragraphs, about 380 bytes on average), mostly
English with some German, Spanish and French, 5% Russian and 3% Japanese, tags in about a
third of the entries, 4% starred, dates spread over 27 years (several entries on some days).

    genjournal.py COUNT OUT.txt [OUT.json] [--seed N]
"""
import json, random, sys
from datetime import datetime, timedelta

EN = ("I woke early and the light was grey over the roofs. The kettle took forever. "
      "Work was a lot today, meetings back to back and no time to think. "
      "Called my sister after dinner and we talked about the old flat. "
      "Rain all day, so I stayed in with a book and a blanket. "
      "Walked by the river with Sam; the ducks were back. "
      "My knee hurts again when I take the stairs. "
      "I keep thinking about the move and whether it is the right time. "
      "The garden needs water and the tomatoes are finally red. "
      "Finished the novel I started in spring, and I miss it already. "
      "The train was late, twenty minutes on a cold platform. "
      "Cooked soup for the week and listened to an old podcast. "
      "Felt anxious before the presentation, but it went fine. "
      "A quiet evening with tea and the window open. "
      "Mum sent photos from the lake house and I wanted to be there. "
      "Slept badly, woke at five, watched the street wake up. "
      "Lunch with Priya, who got the job, and we laughed a lot. "
      "The lantern on the porch was lit when I came home. "
      "Cleaned the kitchen and it felt like a small victory").split(". ")
DE = "Heute war ein ruhiger Tag. Ich bin am Fluss spazieren gegangen. Die Arbeit war anstrengend. Abends habe ich gelesen.".split(". ")
ES = "Hoy fue un día tranquilo. Caminé por el parque con mi hermana. El trabajo fue duro. Cenamos juntos en casa.".split(". ")
FR = "Journée calme aujourd'hui. J'ai marché le long de la rivière. Le travail était fatigant. Le soir, j'ai lu un peu.".split(". ")
RU = ("Сегодня было тихо и спокойно. Долго гуляла по парку и думала о переезде. "
      "На работе снова завал, но я справилась. Вечером позвонила маме. "
      "Фонарь у дома горел, когда я вернулась. Хочется больше спать и меньше думать. "
      "Приготовила суп на всю неделю. Шёл дождь, и я читала у окна").split(". ")
JA = ["今日は静かな一日だった。", "友達とお茶を飲んだ。", "雨が一日中降っていた。", "仕事が忙しくて少し疲れた。",
      "夜は本を読んだ。", "川沿いを散歩した。", "母から電話があった。", "灯籠の明かりがきれいだった。"]
TAGS = ["work", "family", "health", "garden", "reading", "travel", "sleep", "gratitude", "run", "friends"]
RU_TAGS = ["работа", "семья", "дом"]
JA_TAGS = ["日記", "仕事"]


NAMES = ["Sam", "Priya", "Jonas", "Mara", "Alexei", "Yuki", "Tom", "Ines", "Kofi", "Lena", "Omar", "Bea"]
PLACES = ["the market", "Grafton Street", "the office", "the lake", "platform 4", "the bakery", "the clinic",
          "the library", "Aunt Rosa's", "the allotment", "the gym", "the station café"]
SYL = ["ka", "lo", "ven", "tir", "mus", "dal", "orn", "pe", "ski", "rua", "bel", "thor", "an", "qui", "zed"]


def varied(rng):
    """A sentence with names, places, numbers and rare words, so the vocabulary is not tiny."""
    word = "".join(rng.choice(SYL) for _ in range(rng.randint(2, 4)))
    return rng.choice([
        f"Met {rng.choice(NAMES)} at {rng.choice(PLACES)} around {rng.randint(1, 12)}",
        f"Spent {rng.randint(2, 95)} minutes on the {word} thing again",
        f"Paid {rng.randint(3, 400)}.{rng.randint(0, 99):02d} for {word} and groceries",
        f"{rng.choice(NAMES)} said the word {word} and we could not stop laughing",
        f"Slept {rng.randint(4, 10)} hours, dreamt of {word}",
    ])


def sentences(rng, pool, n, latin):
    out = []
    for _ in range(n):
        s = varied(rng) if latin and rng.random() < 0.3 else rng.choice(pool)
        out.append(s.strip().rstrip("."))
    return out


def make_entry(rng, i):
    r = rng.random()
    if r < 0.05:
        pool, tags, sep, end = RU, RU_TAGS, " ", "."
    elif r < 0.08:
        pool, tags, sep, end = JA, JA_TAGS, "", ""
    elif r < 0.11:
        pool, tags, sep, end = rng.choice([DE, ES, FR]), TAGS, " ", "."
    else:
        pool, tags, sep, end = EN, TAGS, " ", "."
    # Lengths: many short, some long (mean about 380 bytes).
    k = rng.choice([1, 2, 3, 4, 5, 6, 8, 10, 12, 16])
    paras = []
    left = k
    while left > 0:
        m = min(left, rng.randint(1, 4))
        paras.append(sep.join(s + end for s in sentences(rng, pool, m, pool is not JA)))
        left -= m
    title = paras[0].split(end)[0] + end if end and end in paras[0] else paras[0]
    rest = paras[0][len(title):].strip()
    body_paras = ([rest] if rest else []) + paras[1:]
    if rng.random() < 0.33:
        t = " ".join("@" + rng.choice(tags) for _ in range(rng.randint(1, 3)))
        if body_paras:
            body_paras[-1] += " " + t
        else:
            body_paras.append(t)
    body = "\n\n".join(body_paras)
    starred = rng.random() < 0.04
    return title, body, starred


def main():
    args = [a for a in sys.argv[1:]]
    seed = 20261130
    if "--seed" in args:
        j = args.index("--seed")
        seed = int(args[j + 1])
        del args[j:j + 2]
    count = int(args[0])
    out_txt = args[1]
    out_json = args[2] if len(args) > 2 else None
    rng = random.Random(seed)
    start = datetime(1999, 1, 1, 7, 0)
    span_min = 27 * 365 * 24 * 60
    stamps = sorted(start + timedelta(minutes=rng.randrange(span_min)) for _ in range(count))
    entries = []
    for i, when in enumerate(stamps):
        title, body, starred = make_entry(rng, i)
        entries.append((when, title, body, starred))
    with open(out_txt, "w", encoding="utf-8") as f:
        for n, (when, title, body, starred) in enumerate(entries):
            if n:
                f.write("\n")
            f.write(f"[{when:%Y-%m-%d %H:%M}] {title}{' *' if starred else ''}\n")
            if body:
                f.write(body + "\n")
    if out_json:
        counts = {}
        items = []
        for when, title, body, starred in entries:
            tags = sorted({w.rstrip(".,") for w in (title + " " + body).split() if w.startswith("@")})
            for t in tags:
                counts[t] = counts.get(t, 0) + 1
            items.append({"title": title, "body": body, "date": f"{when:%Y-%m-%d}", "time": f"{when:%H:%M}",
                          "tags": tags, "starred": starred})
        with open(out_json, "w", encoding="utf-8") as f:
            json.dump({"tags": counts, "entries": items}, f, ensure_ascii=False, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()

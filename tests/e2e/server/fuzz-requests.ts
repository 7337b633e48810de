import {
  BAD_SEGMENTS,
  BAD_TEXT,
  formTargets,
  JSON_TARGETS,
  knownCases,
  pageTargets,
  type FormTarget,
  type FuzzRequest,
  type PageTarget,
  type Random,
  type ShopFacts,
} from "./fuzz-corpus";

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);
type Entries = [string, string | Blob][];

const FORM_TYPE = "application/x-www-form-urlencoded";

function urlencoded(entries: Entries): Uint8Array<ArrayBuffer> {
  const text = entries.map(([k, v]) => [k, typeof v === "string" ? v : "file"]);
  return bytes(new URLSearchParams(text).toString());
}

async function multipart(entries: Entries) {
  const form = new FormData();
  for (const [key, value] of entries) form.append(key, value);
  const encoded = new Response(form);
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    type: encoded.headers.get("content-type")!,
  };
}

/** `/orders/1?token=x` -> `/orders/1.data?token=x`: what React Router's own fetches ask for. */
function dataPath(path: string) {
  const [pathname, search] = path.split("?");
  return `${pathname}.data${search === undefined ? "" : `?${search}`}`;
}

function withQuery(path: string, raw: string) {
  return `${path}${path.includes("?") ? "&" : "?"}${raw}`;
}

function badFile(random: Random) {
  const name = random.pick([
    "photo.jpg",
    "a\u0000b.png",
    `${"x".repeat(300)}.webp`,
    "",
    "..\\x.gif",
  ]);
  const size = random.pick([0, 1, 64, 2_000]);
  const content = Uint8Array.from({ length: size }, () => random.int(256));
  return new File([content], name, { type: random.pick(["image/png", "text/html", ""]) });
}

/** One request to a form: its fields mutated one way, or sent as something that is no form. */
async function formRequest(target: FormTarget, random: Random, kind: number): Promise<FuzzRequest> {
  const entries: Entries = Object.entries(target.fields);
  const keys = entries.length ? entries.map(([k]) => k) : ["field"];
  const base = { method: "POST" as const, path: target.path, owner: !!target.owner };
  const asForm = (label: string, list: Entries): FuzzRequest => ({
    ...base,
    label,
    headers: { "content-type": FORM_TYPE },
    body: urlencoded(list),
  });
  switch (kind) {
    case 0:
    case 1:
    case 2: {
      const key = random.pick(keys);
      const value = random.pick(BAD_TEXT);
      const list = entries.filter(([k]) => k !== key);
      return asForm(`${key} = ${JSON.stringify(value.slice(0, 40))}`, [...list, [key, value]]);
    }
    case 3:
      return asForm(
        "every field bad",
        keys.map((k) => [k, random.pick(BAD_TEXT)]),
      );
    case 4:
      return asForm(
        "fields missing",
        entries.filter(() => random.next() < 0.4),
      );
    case 5: {
      const key = random.pick(keys);
      return asForm(`${key} twice`, [...entries, [key, random.pick(BAD_TEXT)]]);
    }
    case 6: {
      const key = random.pick(keys);
      const renamed = `${key}${random.pick(["[]", "[0]", ".0", "[x][y]"])}`;
      return asForm(
        `${renamed} for ${key}`,
        entries.map(([k, v]) => [k === key ? renamed : k, v]),
      );
    }
    case 7:
      return asForm("extra fields", [
        ...entries,
        ["__proto__", "x"],
        ["constructor", "x"],
        ["website", "bot"],
        [random.pick(BAD_TEXT) || "empty", "x"],
      ]);
    case 8:
    case 9: {
      const key = random.pick(keys);
      const list: Entries = entries.filter(([k]) => k !== key);
      list.push([key, kind === 8 ? badFile(random) : random.pick(BAD_TEXT)]);
      const { body, type } = await multipart(list);
      return { ...base, label: `multipart, ${key} bad`, headers: { "content-type": type }, body };
    }
    case 10: {
      const type = random.pick([
        "application/json",
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/xml",
        "foo/bar",
        "application/x-www-form-urlencoded; charset=utf-16",
      ]);
      const body = bytes(
        type.includes("json")
          ? JSON.stringify(target.fields)
          : new URLSearchParams(target.fields).toString(),
      );
      return { ...base, label: `sent as ${type}`, headers: { "content-type": type }, body };
    }
    case 11:
      return { ...base, label: "no content type", headers: {}, body: urlencoded(entries) };
    case 12: {
      const type = random.pick(["multipart/form-data", "multipart/form-data; boundary=zz"]);
      const body = bytes(random.pick(["a=1", "--zz\r\nbroken", "--zz--", ""]));
      return { ...base, label: `broken ${type}`, headers: { "content-type": type }, body };
    }
    case 13: {
      const raw = Uint8Array.from([...bytes(`${keys[0]}=`), 0xff, 0xfe, 0xc0, 0xaf, 0x00, 0x25]);
      return {
        ...base,
        label: "bytes that are not UTF-8",
        headers: { "content-type": FORM_TYPE },
        body: raw,
      };
    }
    case 14:
      return { ...asForm("a NUL in the query", entries), path: withQuery(target.path, "x=%00") };
    default:
      return { ...asForm("as a data request", entries), path: dataPath(target.path) };
  }
}

const JSON_BAD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  3_000_000_000,
  2_147_483_648,
  1e308,
  "x",
  "\u0000",
  [],
  {},
  [null],
  [3_000_000_000],
  [-1],
  [1.5],
  ["1"],
  [{ variantId: 3_000_000_000, quantity: 1 }],
  [{ variantId: 1, quantity: 3_000_000_000 }],
  [{ variantId: 1, quantity: 0 }],
  [{ variantId: "1", quantity: "1" }],
  [{ variantId: 1, quantity: 1, extra: "\u0000" }],
  Array.from({ length: 60 }, (_, i) => i + 1),
  "a".repeat(9_000),
];

/** One request to a JSON endpoint: a value of the wrong type or size, or not JSON at all. */
function jsonRequest(target: (typeof JSON_TARGETS)[number], random: Random): FuzzRequest {
  const base = { method: "POST" as const, path: target.path, owner: false };
  const json = (label: string, value: unknown, type = "application/json"): FuzzRequest => ({
    ...base,
    label,
    headers: { "content-type": type },
    body: bytes(typeof value === "string" ? value : JSON.stringify(value)),
  });
  const keys = Object.keys(target.body);
  switch (random.int(5)) {
    case 0:
    case 1: {
      const key = random.pick(keys);
      const value = random.pick(JSON_BAD_VALUES);
      return json(`${key} = ${JSON.stringify(value)?.slice(0, 40)}`, {
        ...target.body,
        [key]: value,
      });
    }
    case 2:
      return json(
        "raw text",
        random.pick([
          "",
          "null",
          "[]",
          "{",
          '{"variantIds":[1],"variantIds":"x"}',
          '{"\\u0000":1}',
          '{"promoCode":"\\u0000"}',
          "\u0000",
          "[".repeat(5_000),
        ]),
      );
    case 3:
      return json(
        "sent as another type",
        target.body,
        random.pick(["text/plain", FORM_TYPE, "multipart/form-data", ""]),
      );
    default:
      return json("wrong top level", random.pick(JSON_BAD_VALUES));
  }
}

function fillPath(path: string, params: Record<string, string>) {
  return path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? "");
}

/** One request to a page: a query value, a path segment or the address itself made bad. */
function pageRequest(target: PageTarget, random: Random, kind: number): FuzzRequest {
  const params = Object.fromEntries(
    Object.entries(target.params ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]),
  );
  const query = Object.entries(target.query ?? {});
  const base = { method: "GET" as const, headers: {}, owner: !!target.owner };
  const at = (label: string, path: string, search: [string, string][] | string): FuzzRequest => {
    const text = typeof search === "string" ? search : new URLSearchParams(search).toString();
    return { ...base, label, path: text ? `${path}?${text}` : path };
  };
  const paramNames = Object.keys(params);
  if ((kind <= 1 || query.length === 0) && paramNames.length > 0) {
    const name = random.pick(paramNames);
    const segment = random.pick(BAD_SEGMENTS);
    return at(
      `:${name} = ${segment.slice(0, 40)}`,
      fillPath(target.path, { ...params, [name]: segment }),
      query,
    );
  }
  const path = fillPath(target.path, params);
  const keys = query.length ? query.map(([k]) => k) : ["q"];
  switch (kind) {
    case 0:
    case 1:
    case 2: {
      const key = random.pick(keys);
      const value = random.pick(BAD_TEXT);
      const list = query.filter(([k]) => k !== key);
      return at(`?${key} = ${JSON.stringify(value.slice(0, 40))}`, path, [...list, [key, value]]);
    }
    case 3:
      return at(
        "every query value bad",
        path,
        keys.map((k) => [k, random.pick(BAD_TEXT)]),
      );
    case 4: {
      const key = random.pick(keys);
      return at(`?${key} twice`, path, [...query, [key, random.pick(BAD_TEXT)]]);
    }
    case 5:
      return at("a NUL in a query name", path, [...query, ["a\u0000b", "1"]]);
    case 6: {
      const raw = random.pick([
        "q=%E0%A4%A",
        "page=%ff",
        "%00=%00",
        "f=%",
        "token=a%2",
        "q=%C0%AF",
      ]);
      return at(`raw ${raw}`, path, `${new URLSearchParams(query).toString()}&${raw}`);
    }
    default: {
      const routes = random.pick([
        "",
        "_routes=routes%2Fstore%2Flayout",
        "_routes=%00",
        "_routes=x,y",
      ]);
      const search = [new URLSearchParams(query).toString(), routes].filter(Boolean).join("&");
      return at("as a data request", `${path}.data`, search);
    }
  }
}

/**
 * Each form gets each of its 16 kinds of bad request once per round, each page each of its 8
 * kinds twice: every route and every kind is reached, the field or value each kind picks is
 * the seed's: 2,513 requests. FUZZ_ROUNDS=3 sends 7,153, about as many as when each kind was
 * drawn at random, 48 a form and 40 a page (6,665 requests, 198 s on a quiet machine).
 */
const ROUNDS = Math.max(1, Number(process.env.FUZZ_ROUNDS ?? 1));
const FORM_KINDS = 16;
const PAGE_KINDS = 8;
export const CASES_PER_FORM = FORM_KINDS * ROUNDS;
export const CASES_PER_JSON_ENDPOINT = 80;
export const CASES_PER_PAGE = 2 * PAGE_KINDS * ROUNDS;

/** The whole run, in a fixed order for a given seed. */
export async function fuzzRequests(facts: ShopFacts, random: Random): Promise<FuzzRequest[]> {
  const requests: FuzzRequest[] = knownCases(facts);
  for (const target of formTargets(facts)) {
    for (let i = 0; i < CASES_PER_FORM; i++) {
      requests.push(await formRequest(target, random, i % FORM_KINDS));
    }
  }
  for (const target of JSON_TARGETS) {
    for (let i = 0; i < CASES_PER_JSON_ENDPOINT; i++) requests.push(jsonRequest(target, random));
  }
  for (const target of pageTargets(facts)) {
    for (let i = 0; i < CASES_PER_PAGE; i++) {
      requests.push(pageRequest(target, random, i % PAGE_KINDS));
    }
  }
  return requests;
}

import type { FormActionResult } from "~/lib/forms";

/*
 * The driver's phone keeps a stop's proof when it cannot reach the shop (a dropped or slow
 * connection on the road): in IndexedDB, which holds a photo as it is, and sends it again when
 * the phone is back online or the page is opened again. The shop records a proof once by its
 * key, so a proof that did arrive before the answer was lost is not recorded twice.
 */

export const SEND_URL = "/admin/deliveries/my-run/send";
const DB_NAME = "driver-proofs";
const STORE = "outbox";

export type KeptProof = {
  proofKey: string;
  order: string;
  fields: [string, string][];
  photo: Blob | null;
  keptAt: number;
};

export type SendOutcome = { kind: "answered"; result: FormActionResult } | { kind: "unreachable" };

function openOutbox(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: "proofKey" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inOutbox<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openOutbox();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    database.close();
  }
}

/**
 * Keeps a proof on the phone. Answers whether its photo was kept too: a phone whose storage
 * cannot take the photo keeps the rest, and the driver is told.
 */
export async function keepProof(formData: FormData): Promise<{ photoKept: boolean }> {
  const fields: [string, string][] = [];
  let photo: Blob | null = null;
  for (const [name, value] of formData) {
    if (typeof value === "string") fields.push([name, value]);
    else if (name === "photo" && value.size > 0) photo = value;
  }
  const entry = (withPhoto: boolean): KeptProof => ({
    proofKey: String(formData.get("proofKey") ?? ""),
    order: String(formData.get("order") ?? ""),
    fields,
    photo: withPhoto ? photo : null,
    keptAt: Date.now(),
  });
  try {
    await inOutbox("readwrite", (store) => store.put(entry(true)));
    return { photoKept: true };
  } catch (error) {
    if (!photo) throw error;
    await inOutbox("readwrite", (store) => store.put(entry(false)));
    return { photoKept: false };
  }
}

export async function keptProofs(): Promise<KeptProof[]> {
  if (typeof indexedDB === "undefined") return [];
  return inOutbox("readonly", (store) => store.getAll() as IDBRequest<KeptProof[]>);
}

const forget = (proofKey: string) => inOutbox("readwrite", (store) => store.delete(proofKey));

/**
 * Sends a proof to the shop. A JSON answer (recorded, or refused with why) is an answer; no
 * answer, or one that is not the shop's (a proxy's error page, a sign-in page), is unreachable.
 */
export async function sendProof(formData: FormData): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch(SEND_URL, {
      method: "POST",
      body: formData,
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
  } catch {
    return { kind: "unreachable" };
  }
  const json = (response.headers.get("content-type") ?? "").includes("application/json");
  if (!json || response.status >= 500) return { kind: "unreachable" };
  return { kind: "answered", result: (await response.json()) as FormActionResult };
}

/**
 * Sends every proof kept on the phone, oldest first, and forgets each the shop answered;
 * stops at the first that cannot reach it. Answers the answers, for the page to show.
 */
export async function sendKeptProofs(): Promise<{ order: string; result: FormActionResult }[]> {
  const answered: { order: string; result: FormActionResult }[] = [];
  const kept = (await keptProofs()).sort((a, b) => a.keptAt - b.keptAt);
  for (const proof of kept) {
    const formData = new FormData();
    for (const [name, value] of proof.fields) formData.append(name, value);
    if (proof.photo) formData.append("photo", proof.photo, "photo");
    const outcome = await sendProof(formData);
    if (outcome.kind === "unreachable") break;
    await forget(proof.proofKey);
    answered.push({ order: proof.order, result: outcome.result });
  }
  return answered;
}

import { Readable } from "node:stream";
import { readProofImage } from "~/domain/delivery/delivery-proofs.server";
import { loaded } from "~/lib/actions.server";
import { idParam, readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/delivery-proof-image";

/**
 * /admin/orders/:number/proof/:kind (signature or photo; `?proof=` for an earlier visit's):
 * a delivery's proof picture, for staff only, read from the media store. The public /media
 * route never serves the `proofs/` folder.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const orderNumber = idParam(params.number);
  const asked = readSearchParams(request).get("proof");
  const proofId = asked ? idParam(asked) : undefined;
  const image = await loaded(() => readProofImage({ orderNumber, kind: params.kind, proofId }));
  return new Response(Readable.toWeb(image.body) as ReadableStream, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.contentLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

import { Readable } from "node:stream";
import { readReviewPhoto } from "~/domain/reviews/review-photos.server";
import { loaded } from "~/lib/actions.server";
import { idParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/review-photo";

/**
 * /admin/reviews/photos/:id: a review's photo for staff, whatever the review's state. The
 * public /media route shows it only while its review is published.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const photoId = idParam(params.id);
  const photo = await loaded(() => readReviewPhoto(photoId));
  return new Response(Readable.toWeb(photo.body) as ReadableStream, {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.contentLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

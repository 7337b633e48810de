import { Badge } from "~/components/admin/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import type { OrderProof } from "~/domain/delivery/delivery-proofs.server";
import { formatLongDay } from "~/domain/delivery/day-names";
import { NOT_DELIVERED_REASON_LABELS } from "~/domain/delivery/proof-schemas";
import { formatDateTime } from "~/lib/dates";

/** The order's page: each visit of the truck, who received the goods and their signature, or why not. */
export function DeliveryProofsCard({
  orderNumber,
  proofs,
}: {
  orderNumber: number;
  proofs: OrderProof[];
}) {
  if (proofs.length === 0) return null;
  const image = (proof: OrderProof, kind: "signature" | "photo") =>
    `/admin/orders/${orderNumber}/proof/${kind}?proof=${proof.id}`;
  return (
    <Card data-testid="delivery-proofs">
      <CardHeader>
        <CardTitle>Proof of Delivery</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-4">
          {proofs.map((proof) => (
            <li key={proof.id} className="space-y-2 text-sm" data-testid="delivery-proof">
              <p className="flex flex-wrap items-center gap-2">
                <Badge variant={proof.outcome === "delivered" ? "default" : "destructive"}>
                  {proof.outcome === "delivered" ? "Delivered" : "Not delivered"}
                </Badge>
                <span>{formatLongDay(proof.day)}</span>
              </p>
              {proof.outcome === "delivered" && proof.erased ? (
                <p>
                  Who received it, their signature and the photo were erased at the customer's
                  request.
                </p>
              ) : proof.outcome === "delivered" ? (
                <p>
                  Received by <span className="font-medium">{proof.recipientName}</span>
                  {proof.signedOnPaper ? ", signed on the paper run sheet" : ""}.
                </p>
              ) : (
                <>
                  <p>
                    {proof.reason ? NOT_DELIVERED_REASON_LABELS[proof.reason] : ""}
                    {proof.note ? `: ${proof.note}` : ""}
                  </p>
                  {proof.customerMessage ? (
                    <p>Told the customer: “{proof.customerMessage}”</p>
                  ) : null}
                </>
              )}
              <p className="text-muted-foreground">
                Recorded by {proof.recordedByName}, {formatDateTime(proof.recordedAt)}
              </p>
              <div className="flex flex-wrap gap-3">
                {proof.hasSignature ? (
                  <img
                    src={image(proof, "signature")}
                    alt={`Signature of ${proof.recipientName ?? "the receiver"}`}
                    width={300}
                    height={100}
                    className="rounded-md border bg-white"
                  />
                ) : null}
                {proof.hasPhoto ? (
                  <a href={image(proof, "photo")} target="_blank" rel="noreferrer">
                    <img
                      src={image(proof, "photo")}
                      alt="Photo taken at delivery"
                      width={200}
                      className="rounded-md border"
                    />
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

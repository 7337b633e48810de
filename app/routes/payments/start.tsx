import { useEffect, useRef } from "react";
import { redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { startPayment } from "~/domain/orders/pay-order.server";
import { loaded } from "~/lib/actions.server";
import { siteUrl } from "~/lib/site-url.server";
import { textParam } from "~/lib/request-input.server";
import type { Route } from "./+types/start";

export const meta: Route.MetaFunction = () => [
  { title: "Taking you to payment" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const reference = textParam(params.reference);
  const start = await loaded(() => startPayment({ reference, siteUrl: siteUrl() }));
  if (start.kind === "redirect") throw redirect(start.url);
  return start;
}

const PROVIDER_NAMES: Record<string, string> = { payfast: "PayFast", payflex: "PayFlex" };

/** A provider that takes a posted form (PayFast): the browser posts it at once, or on a tap. */
export default function StartPaymentPage({ loaderData }: Route.ComponentProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const name = PROVIDER_NAMES[loaderData.provider] ?? "the payment page";
  useEffect(() => {
    formRef.current?.submit();
  }, []);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center px-4 py-12 text-center">
      <h1 className="text-2xl font-bold">Taking you to {name}</h1>
      <p className="mt-2 text-muted-foreground">
        You pay on {name}&apos;s secure page and come back here afterwards.
      </p>
      <form ref={formRef} method="post" action={loaderData.form.action} className="mt-6">
        {loaderData.form.fields.map(([fieldName, value]) => (
          <input key={fieldName} type="hidden" name={fieldName} value={value} />
        ))}
        <Button type="submit" size="lg">
          Continue to {name}
        </Button>
      </form>
    </div>
  );
}

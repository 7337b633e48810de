import { Link } from "react-router";

/** The paid order page's invitation: an account with the order's details, or sign in to it. */
export function AccountOffer({
  offer,
  name,
  email,
}: {
  offer: "sign-up" | "sign-in";
  name: string;
  email: string;
}) {
  const query = new URLSearchParams({ name, email });
  return (
    <section aria-labelledby="account-offer" className="mt-6 rounded-lg border p-4">
      <h2 id="account-offer" className="font-semibold">
        {offer === "sign-up" ? "Keep track of your orders" : "This order is in your account"}
      </h2>
      {offer === "sign-up" ? (
        <p className="mt-1 text-sm">
          Create an account with these details to see this order, download its invoice and save your
          address for next time.{" "}
          <Link to={`/account/sign-up?${query}`} className="font-medium text-primary underline">
            Create an account with these details
          </Link>
        </p>
      ) : (
        <p className="mt-1 text-sm">
          {email} has an account with us.{" "}
          <Link to="/account/sign-in" className="font-medium text-primary underline">
            Sign in to see your orders
          </Link>
        </p>
      )}
    </section>
  );
}

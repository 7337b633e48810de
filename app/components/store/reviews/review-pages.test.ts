import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { FORGED_LINK_MESSAGE, NOT_A_BUYER_MESSAGE } from "~/domain/reviews/review-messages";
import ProductReviewPage from "~/routes/store/product-review";
import StopPage from "~/routes/store/review-stop";
import WritePage from "~/routes/store/review-write";

/** A route's page rendered on the server with the given loader and action data. */
function render(page: unknown, props: Record<string, unknown>) {
  const Stub = createRoutesStub([
    { path: "*", Component: () => createElement(page as never, props as never) },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/reviews/x"] }));
}

const PRODUCT = {
  title: "Edblo Classic Spring Bed",
  slug: "classic-spring-bed",
  size: "Queen",
  image: null,
};
const params = { token: "t".repeat(43), slug: "classic-spring-bed" };

describe("the invitation's review page", () => {
  it("shows the form for the one product, with the name offered and five labelled stars", () => {
    const html = render(WritePage, {
      loaderData: { state: "open", product: PRODUCT, defaultName: "Thandi from Lichtenburg" },
      params,
    });
    expect(html).toContain("Write a review");
    expect(html).toContain("Edblo Classic Spring Bed");
    expect(html).toContain('value="Thandi from Lichtenburg"');
    expect(html.match(/type="radio"[^>]*name="rating"/g)).toHaveLength(5);
    expect(html).toContain("5 stars: Excellent");
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('accept="image/jpeg,image/png,image/webp"');
  });

  it("shows a refusal's messages at their fields, with what was typed kept", () => {
    const html = render(WritePage, {
      loaderData: { state: "open", product: PRODUCT, defaultName: "Thandi" },
      actionData: {
        ok: false,
        alert: { title: "Please check the form", description: "Choose from 1 to 5 stars." },
        fieldErrors: { rating: "Choose from 1 to 5 stars.", photos: "Choose up to 3 photos." },
        values: { title: "Lovely", body: "Sleeps well", displayName: "T" },
      },
      params,
    });
    expect(html).toContain('id="field-rating-error"');
    expect(html.match(/aria-describedby="field-rating-error"/g)).toHaveLength(5);
    expect(html).toContain('id="field-photos-error"');
    expect(html).toContain('value="Lovely"');
    expect(html).toContain("Sleeps well</textarea>");
  });

  it("says when the link is unknown, used, or the review is sent", () => {
    expect(render(WritePage, { loaderData: { state: "forged" }, params })).toContain(
      FORGED_LINK_MESSAGE,
    );
    expect(
      render(WritePage, { loaderData: { state: "used", product: PRODUCT }, params }),
    ).toContain("This link has written its review already");
    const thanks = render(WritePage, {
      loaderData: { state: "used", product: PRODUCT },
      actionData: {
        ok: true,
        message: {
          title: "Thank you for your review",
          description: "Your review is waiting for our check before it shows.",
        },
      },
      params,
    });
    expect(thanks).toContain("Your review is waiting for our check before it shows.");
    expect(thanks).not.toContain("<form");
  });
});

describe("the opt-out page and the shopper's review page", () => {
  it("asks before it stops invitations, and says when they are stopped", () => {
    const ask = render(StopPage, { loaderData: { state: "found", optedOut: false }, params });
    expect(ask).toContain("Stop review invitations</button>");
    const done = render(StopPage, { loaderData: { state: "found", optedOut: true }, params });
    expect(done).toContain("You will not be asked again");
    expect(done).not.toContain("<form");
  });

  it("refuses a shopper who did not buy the product with the reason, and offers an edit of their own", () => {
    const refused = render(ProductReviewPage, {
      loaderData: { state: "refused", message: NOT_A_BUYER_MESSAGE },
      params,
    });
    expect(refused).toContain(NOT_A_BUYER_MESSAGE);
    expect(refused).toContain('role="alert"');
    const own = render(ProductReviewPage, {
      loaderData: {
        state: "open",
        product: PRODUCT,
        own: {
          id: 1,
          status: "published",
          rating: 4,
          title: "Good",
          body: "Comfortable",
          displayName: "Thandi",
          verifiedBuyer: true,
          photos: 2,
        },
        line: null,
        defaultName: "Thandi",
      },
      params,
    });
    expect(own).toContain("Change your review");
    expect(own).toContain("new photos replace them");
    expect(own).toMatch(/checked="" value="4"/);
  });
});

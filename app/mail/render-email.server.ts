import { render } from "@react-email/components";
import { createElement } from "react";
import { siteUrl } from "~/lib/site-url.server";
import { previewOf, type MailContent, type MailShop } from "./mail-content";
import { ShopEmail } from "./shop-email";

/**
 * A message's HTML part: the shop's one layout filled with its content. Links in the layout are
 * on the shop's public origin (PUBLIC_URL), never a request's Host.
 */
export async function renderEmailHtml(options: {
  shop: MailShop;
  content: MailContent;
  origin?: string;
}): Promise<string> {
  const { shop, content } = options;
  const origin = options.origin ?? siteUrl();
  return render(createElement(ShopEmail, { shop, origin, content, preview: previewOf(content) }));
}

/**
 * What a shopper whose address no delivery zone covers is told at checkout, before placing
 * the order (docs/decisions/041): what happens to the goods and the money, and how to reach
 * the shop meanwhile.
 */
export function deliveryQuotedMessage(shop: { phone: string; whatsapp: string }): string {
  const ways = [
    shop.phone ? `call us on ${shop.phone}` : "",
    shop.whatsapp ? `WhatsApp us on +${shop.whatsapp.replace(/^\+/, "")}` : "",
  ].filter(Boolean);
  return `We quote delivery to this address ourselves. Place your order and we hold the items for you; no payment is taken now. We e-mail you the delivery cost and the total with a link to pay it (or decline) on your order's page. Questions? ${ways.length ? `Please ${ways.join(" or ")}.` : "Please contact the shop."}`;
}

/** The checkout's button while delivery is quoted: it places the order without paying. */
export const QUOTED_ORDER_BUTTON = "Place Order: Delivery to Be Quoted";

/** What the review pages say, shared by the domain's refusals and the pages that show them. */
export const FORGED_LINK_MESSAGE =
  "This review link is not one we sent. Please use the link in your e-mail as it is.";

export const USED_LINK_MESSAGE =
  "This link has written its review already. Thank you! Each link writes one review.";

export const NOT_A_BUYER_MESSAGE =
  "Only shoppers who bought this product can review it. Once your order is delivered, we e-mail you a link to review it.";

/** The demo gateway's test cards: one approves, one declines (other valid numbers approve). */
export const DEMO_APPROVE_CARD = "4242424242424242";
export const DEMO_DECLINE_CARD = "4000000000000002";

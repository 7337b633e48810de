import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's address (behind a proxy only when TRUST_PROXY is true). */
    clientAddress: string;
    /** Set when the request was refused before it reached the shop (server/canonical-address.ts). */
    refusal?: { status: number; message: string };
  }
}

import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The visitor's address (behind a proxy only when TRUST_PROXY is true). */
    clientAddress: string;
    /** This request's short id: in its log line and, on an error page, as the reference. */
    requestId: string;
  }
}

import { createContext, useContext } from "react";

/**
 * This response's CSP nonce for inline scripts, given by app/entry.server.tsx. Empty in the
 * browser, which hides nonces from the page anyway.
 */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);

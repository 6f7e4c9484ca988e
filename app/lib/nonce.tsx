// The CSP nonce of the current response. Browsers hide nonces from scripts, so on the client
// it is empty, which is what hydration expects.
import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

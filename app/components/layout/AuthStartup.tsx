// Runs the start-up check of the stored session (docs/product.md section 4, load-from-token) once, in the
// browser, after hydration. Renders nothing.
import { useEffect } from "react";
import { loadFromToken } from "../../lib/auth-actions.ts";

export function AuthStartup() {
  useEffect(() => {
    void loadFromToken();
  }, []);
  return null;
}

// The form's message area. The live region is always in the page (empty until there is something
// to say), so screen readers announce a message when it appears.
import { CircleAlert, CircleCheck } from "lucide-react";

export function FormAlert({
  id,
  message,
  tone = "error",
}: {
  id: string;
  message: string | undefined;
  tone?: "error" | "success";
}) {
  const styles =
    tone === "error" ? "border-red-700 bg-red-50 text-red-900" : "border-green-700 bg-green-50 text-green-900";
  const Icon = tone === "error" ? CircleAlert : CircleCheck;
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"}>
      {message && (
        <p className={`flex items-start gap-2 rounded-lg border-l-4 p-3 text-sm font-medium ${styles}`}>
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </p>
      )}
    </div>
  );
}

// The Karachi areas an owner's Area field offers as the owner types (GET /api/areas), read when the
// form opens. The list only helps typing: without it the field still takes a name, which the server
// checks.
import { useEffect, useState } from "react";
import type { AreaList, KarachiArea } from "#shared/areas.ts";
import { api } from "./api-client.ts";

export function useAreaList(): KarachiArea[] {
  const [areas, setAreas] = useState<KarachiArea[]>([]);
  useEffect(() => {
    let open = true;
    void api<AreaList>("/api/areas").then((answer) => {
      if (open && answer.ok) setAreas(answer.body.areas);
    });
    return () => {
      open = false;
    };
  }, []);
  return areas;
}

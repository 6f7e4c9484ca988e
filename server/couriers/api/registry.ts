// The courier APIs the shop speaks, by kind: each adapter's descriptor (what the owner enters, its
// hosts, where its shapes come from, how to build it). Adding a courier is one file and one line here.
import type { CourierApiOption } from "#shared/courier-api.ts";
import type { CourierApiDescriptor, CourierApiKind } from "./courier-api.ts";
import { leopardsApi } from "./leopards.ts";
import { mpApi } from "./mp.ts";
import { postexApi } from "./postex.ts";
import { tcsApi } from "./tcs.ts";
import { traxApi } from "./trax.ts";

const DESCRIPTORS: Record<CourierApiKind, CourierApiDescriptor> = {
  postex: postexApi,
  leopards: leopardsApi,
  trax: traxApi,
  tcs: tcsApi,
  mp: mpApi,
};

export function courierApiDescriptor(kind: CourierApiKind): CourierApiDescriptor {
  return DESCRIPTORS[kind];
}

/** The form's choices: every API with its credential fields and hosts. */
export function courierApiOptions(): CourierApiOption[] {
  return Object.values(DESCRIPTORS).map((d) => ({
    kind: d.kind,
    label: d.label,
    credentials: d.credentials.map((field) => ({ ...field })),
    productionUrl: d.productionUrl,
    stagingUrl: d.stagingUrl,
  }));
}

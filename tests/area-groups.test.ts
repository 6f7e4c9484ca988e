// The cart's loader sends its areas grouped by district (shared/area-groups.ts, decision 054).
import { expect, it } from "vitest";
import { groupAreas, ungroupAreas } from "#shared/area-groups.ts";

const AREAS = [
  { name: "Clifton Block 2", district: "South" },
  { name: "DHA Phase 5", district: "South" },
  { name: "Gulshan Block 13-D", district: "East" },
  { name: "Nazimabad 3", district: "Central" },
  { name: "North Nazimabad Block H", district: "Central" },
];

it("writes each district once, with its names in list order", () => {
  expect(groupAreas(AREAS)).toEqual([
    { district: "South", names: ["Clifton Block 2", "DHA Phase 5"] },
    { district: "East", names: ["Gulshan Block 13-D"] },
    { district: "Central", names: ["Nazimabad 3", "North Nazimabad Block H"] },
  ]);
});

it("gives the same areas back, in the same order", () => {
  expect(ungroupAreas(groupAreas(AREAS))).toEqual(AREAS);
  expect(ungroupAreas(groupAreas([]))).toEqual([]);
});

// The machine's speed as Lighthouse reads it (its "benchmark index"), beside every figure a phone
// profile gives (issue 54): a throttled figure means little without the speed it was throttled from.
// Lighthouse's own page function is run in a page of the browser being measured, so the number is
// the one its report's `environment.benchmarkIndex` would show on this machine at this moment.
import type { Browser, Page } from "@playwright/test";
// Lighthouse publishes no exports map: its page functions are imported by their path.
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { median } from "./stats.ts";

/** The slow machine the issue measures on: Lighthouse's index about 1,400 (a cheap phone's class). */
export const SLOW_MACHINE_INDEX = 1_400;
/** Lighthouse's own mobile CPU slowdown, applied on top of whatever machine runs it. */
export const LIGHTHOUSE_CPU_SLOWDOWN = 4;

/** The median of three readings (each about a second): one reading moves with a busy core. */
async function benchmarkIndexIn(page: Page): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < 3; i++) readings.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  return Math.round(median(readings));
}

/** The index in a blank, unthrottled page of `browser`: the machine, not the profile measured. */
export async function benchmarkIndexOf(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    return await benchmarkIndexIn(page);
  } finally {
    await page.close();
  }
}

/**
 * The CPU slowdown that makes Lighthouse's simulation of this machine (index `hostIndex`) what it
 * would be on a machine of index `asIndex`: its simulation multiplies each main-thread task it
 * observed by the slowdown, and a machine `hostIndex / asIndex` times slower takes that much longer
 * over every task. Never below 1: a machine already slower than `asIndex` is measured as it is.
 */
export function cpuSlowdownFor(hostIndex: number, asIndex = SLOW_MACHINE_INDEX): number {
  return Math.max(1, (LIGHTHOUSE_CPU_SLOWDOWN * hostIndex) / asIndex);
}

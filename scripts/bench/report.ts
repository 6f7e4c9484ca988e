// The bench's output: one markdown table (figure, measured, budget, met?) plus detail sections.

export type Met = "yes" | "no" | "—" | "skipped" | "error";

export interface Row {
  figure: string;
  measured: string;
  budget: string;
  met: Met;
}

export class Report {
  readonly rows: Row[] = [];
  readonly details: string[] = [];
  readonly notes: string[] = [];

  add(figure: string, measured: string, budget = "—", met: Met | boolean = "—"): void {
    this.rows.push({ figure, measured, budget, met: typeof met === "boolean" ? (met ? "yes" : "no") : met });
  }

  skip(figure: string, budget: string, why: string): void {
    this.add(figure, `skipped: ${why}`, budget, "skipped");
  }

  detail(title: string, header: string[], rows: string[][]): void {
    const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
    this.details.push([`### ${title}`, "", line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n"));
  }

  toMarkdown(heading: string): string {
    const line = (r: Row) =>
      `| ${[r.figure, r.measured, r.budget, r.met].map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
    const table = ["| Figure | Measured | Budget | Met? |", "| --- | --- | --- | --- |", ...this.rows.map(line)];
    const notes = this.notes.length > 0 ? ["", "Notes:", "", ...this.notes.map((n) => `- ${n}`)] : [];
    return [heading, "", ...table, ...notes, "", ...this.details.flatMap((d) => [d, ""])].join("\n");
  }
}

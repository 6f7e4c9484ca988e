// What every command-line script does with its arguments: --help prints the usage and exits 0;
// an unknown option, or a required one missing, prints what is wrong, then the usage, and exits 1.
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";

type WithHelp = ParseArgsOptionsConfig & { help: { type: "boolean" } };

export function readArgs<const O extends WithHelp>(usage: string, options: O) {
  let values: ReturnType<typeof parseArgs<{ options: O }>>["values"];
  try {
    values = parseArgs({ options }).values;
  } catch (error) {
    usageError((error as Error).message, usage);
  }
  // O has help (WithHelp), but the generic values type cannot show it.
  if ((values as { help?: boolean }).help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

export function usageError(message: string, usage: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

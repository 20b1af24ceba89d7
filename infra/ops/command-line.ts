import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/**
 * Reads an operator command's arguments with node:util `parseArgs` (strict): the words without
 * dashes come back as `positionals`, the flags as `values`. An unknown flag, a flag missing its
 * value or a value given to a switch is refused in plain words, followed by the command's usage.
 */
export const parseCommandLine = <const Options extends ParseArgsOptionsConfig>(
  argv: string[],
  options: Options,
  usage: string,
) => {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new Error(`${plainWords(error as Error & { code?: string })} ${usage}`);
  }
};

/** parseArgs's own messages suggest `--` escapes; the operator needs the flag and what is wrong. */
const plainWords = (error: Error & { code?: string }) => {
  const flag = /'(--?[^' =]+)/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown flag "${flag}".`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return error.message.includes('does not take an argument')
        ? `The flag "${flag}" takes no value.`
        : `The flag "${flag}" needs a value.`;
    default:
      return error.message;
  }
};

import { CommanderError } from 'commander';
import { BaseUrlError } from './base-url';
import type { CliIo } from './cli-io';
import { exitCodes } from './exit-codes';
import { describeApiError } from './format';
import { OperatorApiError, OperatorConnectionError } from './operator-api-client';

/**
 * Prints why a command failed and what to do next, and answers its exit status (see
 * `exit-codes.ts`). With `--json` an API error is printed as the server's JSON body alone, so a
 * script can parse it; the exit status tells the kind.
 */
export function reportFailure(error: unknown, io: CliIo, json: boolean): number {
  if (error instanceof OperatorApiError) {
    io.stderr(json ? `${JSON.stringify(error.body, null, 2)}\n` : describeApiError(error));
    const { exitCode, nextStep } = apiFailure(error.status);
    if (nextStep && !json) io.stderr(`${nextStep}\n`);
    return exitCode;
  }
  if (error instanceof OperatorConnectionError) {
    io.stderr(`Error: ${error.message}\n`);
    if (error.reach === 'wrong-url') return exitCodes.usage;
    if (error.reach === 'answered') return exitCodes.refused;
    io.stderr(
      'Is the server running? Start it with `npm start`, or point --url (BRANDCTL_URL) at it.\n',
    );
    return exitCodes.unavailable;
  }
  if (error instanceof BaseUrlError) {
    io.stderr(`Error: ${error.message}\n`);
    return exitCodes.usage;
  }
  // Commander has already printed its message (and the help) through configureOutput.
  if (error instanceof CommanderError) return commanderExitCode(error);
  io.stderr(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
  return exitCodes.refused;
}

/** The exit status of an error answer, and the line that says what to do about it. */
function apiFailure(status: number): { exitCode: number; nextStep?: string } {
  switch (status) {
    case 401:
    case 403:
      return {
        exitCode: exitCodes.noPermission,
        nextStep:
          'Pass the operator token with --token <token> or set BRANDCTL_TOKEN (the admin token the server printed on its first start, or its ADMIN_TOKEN).',
      };
    case 400:
    case 422:
      return {
        exitCode: exitCodes.dataError,
        nextStep: 'Correct what the server names above, then run the command again.',
      };
    case 404:
      return {
        exitCode: exitCodes.refused,
        nextStep:
          'Check the ids on the command line: the list commands (brandctl brands list, webhooks list <brandId>, …) show what exists.',
      };
    case 502:
    case 503:
    case 504:
      return {
        exitCode: exitCodes.unavailable,
        nextStep:
          'The server cannot serve right now (is its database reachable?): run the command again in a few seconds.',
      };
    default:
      return { exitCode: exitCodes.refused };
  }
}

/**
 * Commander's own errors (codes `commander.…`: an unknown command or option, a missing or
 * invalid argument, `command.error`) are usage errors; help and version exit 0; brandctl's own
 * (`brandctl.…`) carry their status.
 */
function commanderExitCode(error: CommanderError): number {
  if (error.exitCode === 0 || !error.code.startsWith('commander.')) return error.exitCode;
  return exitCodes.usage;
}

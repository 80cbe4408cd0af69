package dev.overdue.starter;

import picocli.CommandLine.Command;

/**
 * The exit codes, and the help every command shares: mixed into each command, so the list of codes
 * and the version are written once.
 */
@Command(
    versionProvider = OverdueCli.VersionProvider.class,
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      " 0:done",
      " 1:refused: invalid request, command rejected, no such approval, already running or"
          + " already ended",
      " 2:usage error: unknown command, missing or malformed option, a --query filter the"
          + " server cannot read, no token from --token-command",
      " 3:Temporal unavailable: cannot connect, bad connection settings, no worker answered in"
          + " time, or (list) a server without a visibility store",
      " 4:unexpected error (a bug; OVERDUE_DEBUG=1 prints the stack trace)"
    })
public final class ExitCodes {
  public static final int DONE = 0;
  public static final int REFUSED = 1;
  public static final int USAGE = 2;
  public static final int UNAVAILABLE = 3;
  public static final int UNEXPECTED = 4;
}

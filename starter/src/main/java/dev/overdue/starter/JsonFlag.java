package dev.overdue.starter;

import picocli.CommandLine.Option;

/** {@code --json}: the query commands' and list's older name for {@code -o json}, still taken. */
final class JsonFlag {
  @Option(names = "--json", description = "Print the raw JSON instead of a table (-o json).")
  boolean on;
}

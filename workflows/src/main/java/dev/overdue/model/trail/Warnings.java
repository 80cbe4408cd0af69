package dev.overdue.model.trail;

import dev.overdue.api.WarningInfo;
import dev.overdue.model.Texts;
import java.util.ArrayList;
import java.util.List;

/**
 * An approval's warnings: how many there have been, and the latest ones. At most {@link #KEPT}
 * are kept, each message at most {@link #MAX_MESSAGE_LENGTH}
 * characters, because the kept ones travel in every continued run's input (Temporal refuses
 * payloads over 2 MB; unbounded, about 14,000 expiries of a {@code warn} reached it and the approval
 * could no longer continue as new). Each warning is also an entry of its run's audit trail, where
 * those no longer kept stay findable ({@code history} follows the runs back).
 */
public final class Warnings {
  /**
   * The warnings kept. 100 is more than anyone reads in {@code status} or the Web UI, and at most
   * about 350 KB of a continued run's input even when every message is 1,000 three-byte characters
   * (a few KB in practice): far under 2 MB beside the request (at most 256 KiB of JSON) and the
   * data (at most 64 KiB).
   */
  public static final int KEPT= 100;

  /**
   * The longest message kept, as the trail keeps a refusal's reason: a warning quoting a failed
   * activity's message has no other bound.
   */
  public static final int MAX_MESSAGE_LENGTH= 1_000;

  /** Oldest first: the latest {@link #KEPT}. */
  private final List<WarningInfo> latest = new ArrayList<>();
  /** Every warning the approval has had, kept or not. */
  private long count;

  /** Adds {@code warning} (its message cut short) and returns what was kept. */
  public WarningInfo add(WarningInfo warning) {
    WarningInfo kept = kept(warning);
    latest.add(kept);
    count++;
    trim();
    return kept;
  }

  private WarningInfo kept(WarningInfo warning) {
    if (warning.message() == null || warning.message().length() <= MAX_MESSAGE_LENGTH) {
      return warning;
    }
    return new WarningInfo(
        warning.at(), warning.timer(), warning.step(), Texts.abbreviate(warning.message(), MAX_MESSAGE_LENGTH));
  }

  /**
   * The warnings a snapshot carried, and how many there were in all ({@code null}: all of them
   * were carried).
   */
  public void restore(List<WarningInfo> carried, Long carriedCount) {
    carried.stream().map(this::kept).forEach(latest::add);
    count = carriedCount != null ? carriedCount : carried.size();
    trim();
  }

  private void trim() {
    if (latest.size() > KEPT) {
      latest.subList(0, latest.size() - KEPT).clear();
    }
  }

  /** The kept warnings, oldest first. */
  public List<WarningInfo> latest() {
    return List.copyOf(latest);
  }

  public long count() {
    return count;
  }

  boolean isEmpty() {
    return count == 0;
  }
}

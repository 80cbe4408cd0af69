package dev.overdue.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Where a worker's CPU went, from async-profiler's collapsed stacks (one line per distinct stack:
 * frames joined by ';', then the number of samples). Each stack falls into the first part whose
 * rule it matches; a workflow task's stacks are split again by what the task was doing. The rules
 * name frames of the JVM, the Temporal SDK and this project, so they are approximations to read
 * as shares, not exact accounts.
 */
public final class ProfileSummary {
  /** A named part and the rule that puts a stack into it. */
  record Part(String name, Predicate<String> rule) {}

  static final List<Part> PARTS =
      List.of(
          new Part("JIT compiler", s -> s.contains("CompileBroker::")),
          new Part("garbage collector", s -> s.contains("G1") || s.contains("GangWorker") || s.contains("GCTaskThread")
              || s.contains("ConcurrentGCThread") || s.contains("VM_GC_Operation") || s.contains("VMThread::")),
          new Part("queries", s -> s.contains("handleDirectQueryWorkflowTask") || s.contains("QueryDispatcher")),
          new Part("activities", s -> s.contains("ActivityTaskHandler") || s.contains("ActivityWorker")),
          new Part("workflow tasks", s -> s.contains("ReplayWorkflow") || s.contains("WorkflowThreadImpl")
              || s.contains("DeterministicRunner") || s.contains("WorkflowWorker") || s.contains("WorkflowExecutorCache")),
          new Part("polling and gRPC", s -> s.contains("Poller") || s.contains("io/grpc/") || s.contains("netty")),
          new Part("metrics endpoint", s -> s.contains("MetricsServer") || s.contains("prometheus")),
          new Part("other", s -> true));

  /**
   * Within a workflow task, by what it was doing: the first rule that matches, so a stack under
   * Overdue's rendering that parks its thread counts as parking. The parts of Overdue's code
   * include the SDK calls they make.
   */
  static final List<Part> TASK_PARTS =
      List.of(
          new Part("logging", s -> s.contains("org/slf4j/")),
          new Part("handing the workflow thread over (park, unpark)",
              s -> s.contains("WorkflowThreadContext.yield") || s.contains("WorkflowThreadScheduler")),
          new Part("start: the request checked, the model started", s -> s.contains("ApprovalWorkflowImpl.<init>")),
          new Part("commands: signals and Updates", s -> s.contains("ApprovalWorkflowImpl.onSignal")
              || s.contains("ApprovalWorkflowImpl$UpdateHandler")),
          new Part("expiries: the model and the handlers", s -> s.contains("ApprovalProcess.expireDue")
              || s.contains("dev/overdue/workflow/HandlerRunner")),
          new Part("publishing: search attributes, current details", s -> s.contains("dev/overdue/workflow/Inspection")),
          new Part("the rest of the workflow's code (dev.overdue)", s -> s.contains("dev/overdue/")),
          new Part("Jackson (payloads)", s -> s.contains("com/fasterxml/jackson")),
          new Part("protobuf", s -> s.contains("com/google/protobuf")),
          new Part("the SDK", s -> true));

  record Summary(long samples, Map<String, Long> parts, Map<String, Long> taskParts, Map<String, Long> overdueFrames) {
    Map<String, Object> json() {
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("samples", samples);
      json.put("parts", shares(parts, samples));
      long tasks = parts.getOrDefault("workflow tasks", 0L);
      json.put("workflowTasks", shares(taskParts, tasks));
      json.put("overdueFrames", shares(overdueFrames, tasks));
      return json;
    }

    private static Map<String, Double> shares(Map<String, Long> counts, long of) {
      Map<String, Double> shares = new LinkedHashMap<>();
      counts.forEach((name, n) -> shares.put(name, of == 0 ? 0 : Math.round(n * 1000.0 / of) / 1000.0));
      return shares;
    }
  }

  private ProfileSummary() {}

  static Summary of(Path collapsed, int frames) throws IOException {
    Map<String, Long> parts = new LinkedHashMap<>();
    Map<String, Long> taskParts = new LinkedHashMap<>();
    PARTS.forEach(p -> parts.put(p.name(), 0L));
    TASK_PARTS.forEach(p -> taskParts.put(p.name(), 0L));
    Map<String, Long> overdue = new LinkedHashMap<>();
    long samples = 0;
    try (Stream<String> lines = Files.lines(collapsed)) {
      for (String line : (Iterable<String>) lines::iterator) {
        int space = line.lastIndexOf(' ');
        if (space < 0) {
          continue;
        }
        String stack = line.substring(0, space);
        long n = Long.parseLong(line.substring(space + 1).trim());
        samples += n;
        String part = first(PARTS, stack);
        parts.merge(part, n, Long::sum);
        if (part.equals("workflow tasks")) {
          taskParts.merge(first(TASK_PARTS, stack), n, Long::sum);
          // Inclusive: each Overdue method once per stack it is on.
          Stream.of(stack.split(";")).filter(f -> f.startsWith("dev/overdue/")).distinct()
              .forEach(f -> overdue.merge(f, n, Long::sum));
        }
      }
    }
    Map<String, Long> top = new LinkedHashMap<>();
    overdue.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(frames)
        .forEach(e -> top.put(e.getKey(), e.getValue()));
    return new Summary(samples, parts, taskParts, top);
  }

  private static String first(List<Part> parts, String stack) {
    return parts.stream().filter(p -> p.rule().test(stack)).findFirst().orElseThrow().name();
  }

  static List<String> lines(String label, Summary summary) {
    List<String> lines = new ArrayList<>();
    lines.add(label + ": " + summary.samples() + " samples");
    summary.parts().forEach((name, n) -> lines.add(String.format("  %5.1f %%  %s", 100.0 * n / summary.samples(), name)));
    long tasks = summary.parts().getOrDefault("workflow tasks", 0L);
    lines.add("  of the workflow tasks:");
    summary.taskParts().forEach((name, n) -> lines.add(String.format("    %5.1f %%  %s", tasks == 0 ? 0 : 100.0 * n / tasks, name)));
    lines.add("  its dev.overdue methods, inclusive, of the workflow tasks:");
    summary.overdueFrames().forEach((name, n) -> lines.add(String.format("    %5.1f %%  %s", 100.0 * n / tasks, name)));
    return lines;
  }
}

package dev.overdue.bpmn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The import's promise, over many generated approval models of both engines: one it does not
 * refuse yields a request the workflow's own check accepts, with a step for every user task on
 * the path. The models mix what maps with what does not, so both outcomes are exercised; a
 * failure names the seed that rebuilds its model.
 */
class ImportableModelsTest {
  private static final int MODELS = 600;

  @Test
  void everyModelTheImportDoesNotRefuseYieldsARequestTheWorkflowAccepts() throws Exception {
    int importable = 0;
    int refused = 0;
    for (int i = 0; i < MODELS; i++) {
      long seed = 20261128L + i;
      Generated model = new Generator(new Random(seed)).model();
      ImportedRequest imported = Imports.of(model.bpmn());
      if (imported.blocked()) {
        refused++;
        continue;
      }
      importable++;
      String why = "seed " + seed + "\n" + model.bpmn() + "\n" + imported.yaml();
      assertEquals(List.of(), Imports.problems(imported), why);
      assertEquals(model.tasks(), imported.steps(), why);
    }
    assertTrue(importable > MODELS / 8 && refused > MODELS / 8, importable + " importable, " + refused + " refused");
  }

  record Generated(String bpmn, int tasks) {}

  /** One random model: a chain of user tasks with settings, timers, forms and decisions, sometimes something that does not map. */
  private static final class Generator {
    private final Random random;
    private final boolean c8;
    private final StringBuilder body = new StringBuilder();
    private int flows;

    Generator(Random random) {
      this.random = random;
      this.c8 = random.nextBoolean();
    }

    private final List<String> ids = new ArrayList<>();

    Generated model() {
      int tasks = 1 + random.nextInt(4);
      for (int t = 0; t < tasks; t++) {
        ids.add(random.nextInt(4) == 0 ? "Activity_" + Integer.toString(1_000_000 + random.nextInt(8_000_000), 36) + t : "task" + t);
      }
      body.append("<bpmn:startEvent id=\"start\" />\n");
      String previous = "start";
      for (int t = 0; t < tasks; t++) {
        String id = ids.get(t);
        if (previous != null && random.nextInt(12) == 0) { // something on the path that does not map
          body.append("<bpmn:serviceTask id=\"svc").append(t).append("\" />\n");
          flow(previous, "svc" + t, null);
          previous = "svc" + t;
        }
        if (previous != null) {
          flow(previous, id, null);
        }
        task(id, t);
        previous = decision(id, t) ? null : id;
      }
      if (previous != null) {
        flow(previous, "end", null);
      }
      body.append("<bpmn:endEvent id=\"end\" name=\"Approved\" />\n");
      body.append("<bpmn:endEvent id=\"rejected\" name=\"Rejected\" />\n");
      return new Generated(c8 ? Models.c8(body.toString()) : Models.c7(body.toString()), tasks);
    }

    /** The task after task {@code t}, or the end. */
    private String after(int t) {
      return t + 1 < ids.size() ? ids.get(t + 1) : "end";
    }

    private void flow(String from, String to, String condition) {
      String id = "flow" + flows++;
      body.append(condition == null ? Models.flow(id, from, to) : Models.flow(id, from, to, condition));
    }

    private void task(String id, int t) {
      List<String> people = new ArrayList<>();
      switch (random.nextInt(7)) {
        case 0 -> people.add(attribute("candidateUsers", "alice, bob"));
        case 1 -> people.add(attribute("candidateGroups", "finance"));
        case 2 -> people.add(attribute("assignee", "carol"));
        case 3 -> people.add(attribute("assignee", c8 ? "=reviewer" : "${reviewer}"));
        case 4 -> {
          people.add(attribute("candidateUsers", "dora"));
          people.add(attribute("candidateGroups", c8 ? "=[\"audit\", \"finance\"]" : "audit, finance"));
        }
        case 5 -> people.add(attribute("candidateUsers", c8 ? "=approvers" : "${approvers}"));
        default -> { } // nobody: refused
      }
      String priority = random.nextInt(3) == 0 ? null : random.nextInt(8) == 0 ? "${urgency}" : String.valueOf(random.nextInt(171) - 20);
      String due = pick(null, null, "P3D", "PT30S", "PT2H", "P1Y", "2031-05-01T12:00:00", "2031-05-01T12:00:00+02:00", c8 ? "=payBy" : "${payBy}");
      if (c8 && due != null && due.startsWith("P")) {
        due = "2031-06-01T09:00:00Z"; // Camunda 8's due date is a date-time
      }
      String followUp = pick(null, null, "2031-04-30T09:00:00Z", c8 ? null : "P1D");
      if (c8) {
        body.append("<bpmn:userTask id=\"").append(id).append("\" name=\"Step ").append(t).append("\"><bpmn:extensionElements><zeebe:userTask />");
        body.append("<zeebe:assignmentDefinition ").append(String.join(" ", people)).append(" />");
        if (priority != null && !priority.startsWith("$")) {
          body.append("<zeebe:priorityDefinition priority=\"").append(priority).append("\" />");
        }
        if (due != null || followUp != null) {
          body.append("<zeebe:taskSchedule").append(due == null ? "" : " dueDate=\"" + due + "\"")
              .append(followUp == null ? "" : " followUpDate=\"" + followUp + "\"").append(" />");
        }
        body.append("</bpmn:extensionElements></bpmn:userTask>\n");
      } else {
        body.append("<bpmn:userTask id=\"").append(id).append("\" name=\"Step ").append(t).append("\" ").append(String.join(" ", people))
            .append(priority == null ? "" : " camunda:priority=\"" + priority + "\"")
            .append(due == null ? "" : " camunda:dueDate=\"" + due + "\"")
            .append(followUp == null ? "" : " camunda:followUpDate=\"" + followUp + "\"").append(">");
        if (random.nextInt(3) == 0) {
          body.append("<bpmn:extensionElements><camunda:formData>")
              .append("<camunda:formField id=\"amount\" label=\"Amount\" type=\"long\"><camunda:validation><camunda:constraint name=\"required\" /></camunda:validation></camunda:formField>")
              .append("<camunda:formField id=\"approved\" type=\"boolean\" />")
              .append(random.nextBoolean() ? "<camunda:formField id=\"kind\" type=\"enum\"><camunda:value id=\"a\" /><camunda:value id=\"b\" /></camunda:formField>" : "")
              .append("</camunda:formData>")
              .append(random.nextBoolean() ? "<camunda:taskListener class=\"x.Y\" event=\"timeout\" id=\"nudge" + t + "\">"
                  + "<bpmn:timerEventDefinition id=\"nt" + t + "\"><bpmn:timeDuration xsi:type=\"bpmn:tFormalExpression\">"
                  + pick("PT8H", "P1D", "PT10S") + "</bpmn:timeDuration></bpmn:timerEventDefinition></camunda:taskListener>" : "")
              .append("</bpmn:extensionElements>");
        }
        body.append("</bpmn:userTask>\n");
      }
      for (int b = random.nextInt(3); b > 0; b--) {
        timer(id, t, b);
      }
    }

    private void timer(String task, int t, int b) {
      boolean interrupting = random.nextBoolean();
      String[] kind = switch (random.nextInt(4)) {
        case 0 -> new String[] {"timeDuration", pick("PT4H", "P2D", "PT45S", "P1M", c8 ? "=sla" : "${sla}")};
        case 1 -> new String[] {"timeDate", pick("2031-01-10T09:00:00Z", "2031-01-10T09:00:00")};
        case 2 -> new String[] {"timeCycle", pick("R3/PT1H", "R/P1D", "R2/PT10S")};
        default -> new String[] {"timeCycle", c8 ? pick("0 0 9 * * MON-FRI", "0 0 9 * * 1-5", "@daily", "0 0 9 1 * MON")
            : pick("0 0 9 ? * MON-FRI", "0 0 9 ? * 2-6")};
      };
      String id = "timer" + t + "x" + b;
      String out = "out" + id;
      body.append(Models.timer(id, task, interrupting, kind[0], kind[1], out));
      switch (random.nextInt(4)) {
        case 0 -> {
          body.append(Models.flow(out, id, "end" + id)).append(Models.end("end" + id, pick("Expired", "Auto-approved", "Done")));
        }
        case 1 -> {
          body.append(Models.flow(out, id, "send" + id)).append("<bpmn:sendTask id=\"send").append(id).append("\" />\n")
              .append(Models.flow("s" + out, "send" + id, "end" + id)).append(Models.end("end" + id, "Reminded"));
        }
        case 2 -> {
          body.append(Models.flow(out, id, "boss" + id));
          body.append(c8 ? "<bpmn:userTask id=\"boss" + id + "\"><bpmn:extensionElements><zeebe:assignmentDefinition candidateUsers=\"dora\" /></bpmn:extensionElements></bpmn:userTask>\n"
              : "<bpmn:userTask id=\"boss" + id + "\" camunda:candidateUsers=\"dora\" />\n");
          body.append(Models.flow("b" + out, "boss" + id, after(t)));
        }
        default -> {
          body.append(Models.flow(out, id, "svc" + id)).append("<bpmn:serviceTask id=\"svc").append(id).append("\" />\n")
              .append(Models.flow("s" + out, "svc" + id, "end" + id)).append(Models.end("end" + id, "Gone"));
        }
      }
    }

    /** Perhaps a gateway after the task, with its branches; true when there is one. */
    private boolean decision(String task, int t) {
      if (random.nextInt(3) != 0) {
        return false;
      }
      String gw = "gw" + t;
      body.append("<bpmn:exclusiveGateway id=\"").append(gw).append("\" />\n");
      flow(task, gw, null);
      if (random.nextBoolean()) {
        flow(gw, after(t), c8 ? "=approved" : "${approved}");
        flow(gw, "rejected", c8 ? "=not(approved)" : "${!approved}");
        return true;
      }
      flow(gw, after(t), c8 ? "=d = \"approved\"" : "${d == 'approved'}");
      if (random.nextBoolean()) {
        String target = t + 2 < ids.size() ? ids.get(t + 2) : pick("rejected", ids.get(0), "end");
        flow(gw, target, c8 ? "=d = \"skip\"" : "${d == 'skip'}");
      }
      return true;
    }

    private String attribute(String name, String value) {
      return c8 ? name + "=\"" + value.replace("\"", "&quot;") + "\"" : "camunda:" + name + "=\"" + value + "\"";
    }

    @SafeVarargs
    private <T> T pick(T... options) {
      return options[random.nextInt(options.length)];
    }
  }
}

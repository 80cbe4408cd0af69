package dev.overdue.starter;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code overdue start --config}: the names a request gives the worker's directory to look up —
 * its steps' candidate groups, and the users and groups its reassignments name — checked against
 * the directory in the worker's configuration file (or the file its {@code directory} names), so
 * a typo is caught before the approval starts rather than as a task no one can act on.
 */
final class DirectoryCheck {
  private DirectoryCheck() {}

  /** Roles a reassignment may name: the approval knows who they are. */
  private static final Set<String> ROLES = Set.of("potentialOwners", "owner", "requester", "manager");

  /** Every name of {@code request} the directory in {@code config} does not know, with its field. */
  static List<String> problems(JsonNode request, String config) {
    JsonNode root = RequestFiles.read(config, System.in);
    JsonNode directory = root.path("directory");
    if (directory.isTextual()) {
      Path file = Path.of(config).toAbsolutePath().getParent().resolve(directory.asText());
      directory = RequestFiles.read(file.toString(), System.in);
    }
    Set<String> groups = keys(directory.path("groups"));
    Set<String> users = keys(directory.path("users"));
    List<String> problems = new ArrayList<>();
    JsonNode steps = request.path("steps");
    for (int i = 0; i < steps.size(); i++) {
      JsonNode candidates = steps.get(i).path("candidateGroups");
      for (int g = 0; g < candidates.size(); g++) {
        String group = candidates.get(g).asText();
        if (!groups.contains(group)) {
          problems.add("steps[" + i + "].candidateGroups: '" + group + "' is not a group in the directory of "
              + config + known(groups));
        }
      }
    }
    reassignments(request, "", (at, name) -> {
      if (!ROLES.contains(name) && !groups.contains(name) && !users.contains(name)
          && !(users.isEmpty() && groups.isEmpty())) {
        problems.add(at + ".to: '" + name + "' is neither a user nor a group in the directory of " + config);
      }
    });
    return problems;
  }

  private interface NameAt {
    void accept(String at, String name);
  }

  /** Every name in the {@code to} of a reassign action anywhere in {@code node}, with where it is. */
  private static void reassignments(JsonNode node, String at, NameAt names) {
    if (node.isObject()) {
      if ("reassign".equals(node.path("action").asText().toLowerCase(Locale.ROOT))) {
        node.path("to").forEach(name -> names.accept(at, name.asText()));
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        reassignments(field.getValue(), at.isEmpty() ? field.getKey() : at + "." + field.getKey(), names);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        reassignments(node.get(i), at + "[" + i + "]", names);
      }
    }
  }

  private static Set<String> keys(JsonNode object) {
    Set<String> keys = new HashSet<>();
    object.fieldNames().forEachRemaining(keys::add);
    return keys;
  }

  private static String known(Set<String> groups) {
    return groups.isEmpty() ? " (it has no groups)" : " (groups: " + String.join(", ", groups.stream().sorted().toList()) + ")";
  }
}

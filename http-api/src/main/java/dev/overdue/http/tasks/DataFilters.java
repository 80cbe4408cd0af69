package dev.overdue.http.tasks;

import dev.overdue.http.problems.ApiProblem;
import dev.overdue.index.DataCondition;
import dev.overdue.index.DataCondition.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Searches over the request's data, as the query string writes them (docs/guide/work-lists.md):
 * {@code data.amount>=10000}, {@code data.supplier=ACME}, {@code data.supplier!=ACME}, {@code
 * data.amount<=500}, {@code data.amount>10000}, {@code data.amount<500}, {@code
 * data.supplier~=acm} (contains). A query string splits at its first {@code =}, so {@code
 * data.amount>=10000} arrives as the parameter {@code data.amount>} with the value {@code 10000},
 * and {@code data.amount>10000} as a parameter without a value: both are read here. Every other
 * form, a key that is not a plain name, an empty or overlong value or a control character is a
 * 400 naming the parameter.
 */
final class DataFilters {
  static final String PREFIX = "data.";
  /** The most conditions one list takes. */
  static final int MAX_CONDITIONS = 10;

  /** {@code data.KEY} then an operator's first character, for a parameter with a value. */
  private static final Pattern WITH_VALUE = Pattern.compile("data\\.([A-Za-z0-9_-]{1,100})([><!~]?)");
  /** {@code data.KEY>VALUE} or {@code data.KEY<VALUE}: a parameter without {@code =}. */
  private static final Pattern STRICT = Pattern.compile("data\\.([A-Za-z0-9_-]{1,100})([><])(.+)", Pattern.DOTALL);

  private DataFilters() {}

  /** The data conditions among the request's parameters (each name with its values). */
  static List<DataCondition> of(Map<String, String[]> parameters) {
    List<DataCondition> conditions = new ArrayList<>();
    for (Map.Entry<String, String[]> parameter : parameters.entrySet()) {
      String name = parameter.getKey();
      if (!name.startsWith(PREFIX)) {
        continue;
      }
      for (String value : parameter.getValue()) {
        conditions.add(condition(name, value));
      }
    }
    if (conditions.size() > MAX_CONDITIONS) {
      throw ApiProblem.badInput("data", "at most " + MAX_CONDITIONS + " conditions on the request's data");
    }
    return conditions;
  }

  private static DataCondition condition(String name, String value) {
    if (value == null || value.isEmpty()) {
      Matcher strict = STRICT.matcher(name);
      if (!strict.matches()) {
        throw wrong(name);
      }
      Op op = strict.group(2).equals(">") ? Op.GT : Op.LT;
      return new DataCondition(strict.group(1), op, checked(name, strict.group(3)));
    }
    Matcher matcher = WITH_VALUE.matcher(name);
    if (!matcher.matches()) {
      throw wrong(name);
    }
    Op op = switch (matcher.group(2)) {
      case ">" -> Op.GE;
      case "<" -> Op.LE;
      case "!" -> Op.NE;
      case "~" -> Op.CONTAINS;
      default -> Op.EQ;
    };
    return new DataCondition(matcher.group(1), op, checked(name, value));
  }

  private static String checked(String name, String value) {
    if (value.length() > TaskFilter.MAX_TEXT) {
      throw ApiProblem.badInput(name, "at most " + TaskFilter.MAX_TEXT + " characters");
    }
    if (value.chars().anyMatch(Character::isISOControl)) {
      throw ApiProblem.badInput(name, "a control character (such as NUL or a line break) is not taken");
    }
    return value.strip();
  }

  private static RuntimeException wrong(String name) {
    return ApiProblem.badInput(name, "a search over the request's data is data.<field> then =, !=, >=, <=, >, < or ~="
        + " (contains) and a value, such as data.amount>=10000; a field is letters, digits, _ or -");
  }
}

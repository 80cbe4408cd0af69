package dev.overdue.inbox.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.overdue.inbox.requests.RequestTypes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

/**
 * The list's searches over the request's data, from docs/examples/request-types: each key field
 * once, a number from and to, a text that contains, each named as the API's search; an empty field
 * searches nothing.
 */
class DataFilterFieldsTest {
  private final DataFilterFields fields =
      new DataFilterFields(RequestTypes.read(Path.of("..", "docs", "examples", "request-types")));

  @Test
  void eachKeyFieldOnceAsTheApiSearchesIt() {
    assertEquals(List.of(
            new DataFilterFields.Field("data-amount-from", "Amount (EUR) from", "data.amount>"),
            new DataFilterFields.Field("data-amount-to", "Amount (EUR) to", "data.amount<"),
            new DataFilterFields.Field("data-supplier", "Supplier contains", "data.supplier~")),
        fields.fields());
  }

  @Test
  void theValuesGivenFillTheFieldsAndAnEmptyOneSearchesNothing() {
    MultiValueMap<String, String> parameters = new LinkedMultiValueMap<>();
    parameters.add("data.amount>", "10000");
    parameters.add("data.amount<", "");
    parameters.add("data.supplier~", " ");
    parameters.add("data.costCentre", "CC-7");
    DataSearches searches = DataSearches.of(parameters);
    assertEquals(Map.of("data.amount>", "10000", "data.costCentre", "CC-7"), searches.api());
    List<Map<String, String>> model = fields.model(searches.query());
    assertEquals("10000", model.get(0).get("value"));
    assertEquals("", model.get(1).get("value"));
    assertTrue(fields.offers("data.supplier~"));
    assertTrue(!fields.offers("data.costCentre"), "kept in a hidden field, as a saved list's link gave it");
  }
}

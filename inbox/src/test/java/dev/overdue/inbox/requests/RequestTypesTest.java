package dev.overdue.inbox.requests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Request types as files: a file that is no request type stops the inbox naming the file and why;
 * the inbox gives each request its id, its title and the requester's data.
 */
class RequestTypesTest {
  @TempDir Path dir;

  private String refusal(String file, String json) throws Exception {
    Files.writeString(dir.resolve(file), json);
    return assertThrows(IllegalStateException.class, () -> RequestTypes.read(dir)).getMessage();
  }

  @Test
  void aFileThatIsNoRequestTypeIsNamedWithWhy() throws Exception {
    assertTrue(refusal("po.json", "{\"requestId\":\"PO-1\",\"title\":\"PO\",\"steps\":[]}")
        .endsWith("po.json: requestId is given by the inbox for each request: leave it out"));
    assertTrue(refusal("po.json", "{\"steps\":[]}").endsWith("po.json: title: required, the request's title, which the requester may change"));
    assertTrue(refusal("po.json", "[1]").endsWith("po.json: must be one JSON object, an Overdue request"));
    assertTrue(refusal("po.json", "{\"title\":").contains("po.json: not JSON: "));
    assertTrue(refusal("po.json", "{\"title\":\"PO\",\"idPrefix\":\"P O\"}").contains("idPrefix: letters, digits"));
    Path file = dir.resolve("none");
    assertTrue(assertThrows(IllegalStateException.class, () -> RequestTypes.read(file)).getMessage()
        .endsWith("none is not a directory"));
  }

  @Test
  void theInboxGivesTheIdTheTitleAndTheData() throws Exception {
    Files.writeString(dir.resolve("purchase-order.json"),
        "{\"title\":\"Purchase order\",\"data\":{\"currency\":\"CHF\"},\"steps\":[{\"name\":\"m\",\"approvers\":[\"a\"]}]}");
    Files.writeString(dir.resolve("travel.json"), "{\"idPrefix\":\"TR\",\"title\":\"Travel\",\"steps\":[]}");
    Files.writeString(dir.resolve("notes.txt"), "not a type");
    List<RequestType> types = RequestTypes.read(dir);
    assertEquals(List.of("purchase-order", "travel"), types.stream().map(RequestType::name).toList());
    RequestType po = types.get(0);
    String id = po.newId(LocalDate.of(2026, 11, 27));
    assertTrue(id.matches("PUR-2026-[A-Z2-7]{5}"), "the name's first three letters, the year, five characters: " + id);
    assertTrue(po.madeIt(id));
    assertFalse(po.madeIt("PUR-2026-ABCD1"), "1 is no base32 character");
    assertFalse(po.madeIt("PUR-20261127-ABCDE"));
    assertFalse(types.get(1).madeIt(id), "another type's id");
    assertTrue(types.get(1).newId(LocalDate.of(2026, 1, 2)).startsWith("TR-2026-"));
    assertFalse(types.get(1).template().has("idPrefix"), "no field of a request");

    ObjectNode data = JsonNodeFactory.instance.objectNode().put("amount", 12);
    ObjectNode request = po.request(id, "Purchase order: 3 laptops", data);
    assertEquals(id, request.path("requestId").asString());
    assertEquals("Purchase order: 3 laptops", request.path("title").asString());
    assertEquals("{\"currency\":\"CHF\",\"amount\":12}", request.path("data").toString());
    assertFalse(request.has("requester"), "the API names the caller");
    assertEquals("Purchase order", po.title(), "the type unchanged");
  }

  @Test
  void aTypeWithoutPrefixIsNumberedByTheFirstLettersOfItsName() {
    assertEquals("INV", RequestTypes.defaultPrefix("invoice-approval"));
    assertEquals("TRA", RequestTypes.defaultPrefix("travel_expenses"));
    assertEquals("PO", RequestTypes.defaultPrefix("po"));
    assertEquals("LAP", RequestTypes.defaultPrefix("-laptop"));
  }
}

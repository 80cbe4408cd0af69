package dev.overdue.starter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/schema holds exactly what {@link Schemas} generates from the records today: a field added
 * to a request or settings record, or a limit changed in a validator, fails here until the files
 * are refreshed ({@link Schemas#REFRESH}, which this test runs with -Doverdue.writeSchemas=true).
 */
class SchemaFilesTest {
  static final Path DOCS = Processes.ROOT.resolve("docs/schema");

  @Test
  void thePublishedSchemasAreTheOnesTheRecordsGive(@TempDir Path generated) throws IOException {
    if (Boolean.getBoolean("overdue.writeSchemas")) {
      Schemas.write(DOCS);
    }
    Schemas.write(generated);
    for (String file : List.of(Schemas.REQUEST_FILE, Schemas.SETTINGS_FILE)) {
      Path published = DOCS.resolve(file);
      String expected = Files.readString(generated.resolve(file));
      String actual = Files.exists(published) ? Files.readString(published) : "(missing)";
      assertEquals(expected, actual,
          "docs/schema/" + file + " is not what the records give; refresh it with:\n  " + Schemas.REFRESH);
    }
  }
}

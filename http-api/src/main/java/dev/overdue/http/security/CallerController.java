package dev.overdue.http.security;

import dev.overdue.api.http.Me;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Who the API takes the caller for: what a page shows as "signed in as", and whether it offers every open approval. */
@RestController
@Tag(name = "Caller", description = "Who the API takes the caller for.")
class CallerController {
  @GetMapping(path = "/api/v1/me", produces = MediaType.APPLICATION_JSON_VALUE)
  @Operation(summary = "The caller: their user name, groups, and whether they administer Overdue (may list every open approval).")
  Me me(@AuthenticationPrincipal Caller caller) {
    return new Me(caller.user(), caller.groups(), caller.admin());
  }
}

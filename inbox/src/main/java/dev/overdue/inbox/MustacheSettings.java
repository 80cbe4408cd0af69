package dev.overdue.inbox;

import com.samskivert.mustache.Mustache;
import org.springframework.boot.mustache.autoconfigure.MustacheResourceTemplateLoader;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The pages' templates: jmustache, which escapes every value for HTML; a value a page does not
 * have (a task without a comment) reads as nothing, and an empty text as false in a section.
 */
@Configuration
class MustacheSettings {
  @Bean
  Mustache.Compiler mustacheCompiler() {
    return Mustache.compiler()
        .withLoader(new MustacheResourceTemplateLoader("classpath:/templates/", ".mustache"))
        .defaultValue("")
        .emptyStringIsFalse(true);
  }
}

package io.webserveroperator.bench.contest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.webserveroperator.testing.RequestCounts;
import java.util.Map;
import java.util.TreeMap;

/**
 * A contender's requests as the API server's audit log has them, by verb: all of them, and those on
 * Events apart. Counted where they arrive rather than where they are sent, so that every contender,
 * whatever its language or client, is counted by the same means.
 *
 * @param requests every request of the user whose response was sent
 * @param events those of them on Events
 */
public record AuditCounts(RequestCounts requests, RequestCounts events) {

  private static final ObjectMapper JSON = new ObjectMapper();

  static AuditCounts none() {
    return new AuditCounts(RequestCounts.none(), RequestCounts.none());
  }

  AuditCounts minus(AuditCounts earlier) {
    return new AuditCounts(requests.minus(earlier.requests), events.minus(earlier.events));
  }

  /**
   * These counts and the audit log's lines in {@code lines} (JSON, one event a line): an event
   * counts once its stage is {@code ResponseComplete} (a watch also logs {@code ResponseStarted})
   * and its user is {@code user}.
   */
  AuditCounts plus(Iterable<String> lines, String user) {
    Map<String, Long> all = new TreeMap<>(requests.byVerb());
    Map<String, Long> onEvents = new TreeMap<>(events.byVerb());
    for (String line : lines) {
      JsonNode event = parse(line);
      if (event == null
          || !"ResponseComplete".equals(event.path("stage").asText())
          || !user.equals(event.path("user").path("username").asText())) {
        continue;
      }
      String verb = event.path("verb").asText();
      all.merge(verb, 1L, Long::sum);
      if ("events".equals(event.path("objectRef").path("resource").asText())) {
        onEvents.merge(verb, 1L, Long::sum);
      }
    }
    return new AuditCounts(new RequestCounts(all), new RequestCounts(onEvents));
  }

  private static JsonNode parse(String line) {
    try {
      return JSON.readTree(line);
    } catch (java.io.IOException e) {
      return null;
    }
  }
}

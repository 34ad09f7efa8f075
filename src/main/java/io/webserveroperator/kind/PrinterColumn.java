package io.webserveroperator.kind;

/**
 * A column of {@code kubectl get} for a kind: a CRD's {@code additionalPrinterColumns} entry.
 *
 * @param name the header
 * @param type {@code string}, {@code integer}, {@code number}, {@code boolean} or {@code date}
 * @param jsonPath where the value is, {@code .spec.replicas}
 * @param description what it shows; null for none
 */
public record PrinterColumn(String name, String type, String jsonPath, String description) {}

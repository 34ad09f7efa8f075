# syntax=docker/dockerfile:1
# The operator image: `docker build -t webserver-operator .` then `docker run webserver-operator --help`.
# The build stage makes the shaded jar with the Maven wrapper; the jlink stage links a Java runtime
# of only the modules the operator needs from Temurin 17 (hack/jlink-runtime.sh); the last stage
# runs the jar on that runtime on a slim Debian as a non-root user. Where no image can be pulled,
# hack/image.sh builds only the last stage: on a Debian base it makes with mmdebstrap (BASE_IMAGE),
# with the jar `./mvnw package` made and the runtime it links from a JDK of its machine (the named
# contexts `jar` and `runtime` replace the stages of those names).

ARG BASE_IMAGE=debian:bookworm-slim

FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
# The wrapper and the poms first, so the dependency layer is reused while only sources change.
# Only the operator module is built (-f operator/pom.xml, its parent read from ../pom.xml): its
# sources are src/ and its jar target/webserver-operator.jar; the benchmark (bench/) is not needed.
COPY .mvn/ .mvn/
COPY mvnw pom.xml ./
COPY operator/pom.xml operator/
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -ntp -q -f operator/pom.xml dependency:resolve dependency:resolve-plugins
COPY src/ src/
# Tests run in CI against real control-plane binaries, which this build stage does not have.
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -ntp -q -f operator/pom.xml -DskipTests package

FROM scratch AS jar
COPY --from=build /src/target/webserver-operator.jar /

# The Java runtime: only the modules of hack/runtime-modules.txt, with a CDS archive. JDK 17, as
# hack/image.sh links by default: JDK 25 held 90-100 MiB more at 3,000 WebServers and was no faster
# (docs/benchmarks.md "A newer runtime").
FROM eclipse-temurin:17-jdk AS jlink
COPY hack/jlink-runtime.sh hack/runtime-modules.txt /jlink/
RUN /jlink/jlink-runtime.sh "$JAVA_HOME" /runtime

FROM scratch AS runtime
COPY --from=jlink /runtime/ /

FROM ${BASE_IMAGE}
COPY --from=runtime / /opt/java/
# The runtime's java and keytool on the PATH; UTF-8 for file names and the console (Debian's
# default locale is ASCII).
ENV JAVA_HOME=/opt/java PATH=/opt/java/bin:$PATH LANG=C.UTF-8
WORKDIR /app
COPY --from=jar /webserver-operator.jar /app/webserver-operator.jar
# Built-in templates, used unless --templates or WSO_TEMPLATES points elsewhere (deploy/ mounts a ConfigMap).
COPY templates/ /app/templates/
ENV WSO_TEMPLATES=/app/templates
# A numeric user, so Kubernetes can check runAsNonRoot without looking it up.
USER 10001:10001
EXPOSE 8080
# Small-memory flags: the heap follows the container limit, starts small and gives memory back
# after a burst; one GC thread suits 1-2 CPUs; the C1 compiler alone, with a small code cache, saves
# about 50 MiB of RSS at 1,000 WebServers for a job that mostly waits on the API server (see
# docs/benchmarks.md); no perf data file is written (the root file system is read-only in deploy/),
# and an out-of-memory error ends the JVM so Kubernetes restarts it instead of leaving it half-alive;
# the HTTP client's event loops share one pool of direct buffers (one per event loop held 16 MiB
# at 500 WebServers, one for all 4 MiB), and glibc keeps two malloc arenas, not eight per CPU.
ENV MALLOC_ARENA_MAX=2
ENTRYPOINT ["/opt/java/bin/java", \
  "-XX:MaxRAMPercentage=75", \
  "-XX:InitialRAMPercentage=5", \
  "-XX:MinHeapFreeRatio=10", \
  "-XX:MaxHeapFreeRatio=30", \
  "-XX:+UseSerialGC", \
  "-XX:TieredStopAtLevel=1", \
  "-XX:ReservedCodeCacheSize=32m", \
  "-Xss512k", \
  "-XX:-UsePerfData", \
  "-XX:+ExitOnOutOfMemoryError", \
  "-Dio.netty.allocator.numDirectArenas=1", \
  "-Djava.io.tmpdir=/tmp", \
  "-jar", "/app/webserver-operator.jar"]
CMD ["run"]

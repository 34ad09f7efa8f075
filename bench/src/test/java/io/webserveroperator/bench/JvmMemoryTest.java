package io.webserveroperator.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JvmMemoryTest {

  @Test
  void heapUsedAddsTheSerialCollectorsGenerationsAsJdk17NamesThem() {
    String jdk17 =
        """
         def new generation   total 4800K, used 1000K [0x00000000e0000000, 0x00000000e0530000)
          eden space 4288K,  23% used [0x00000000e0000000, 0x00000000e00fa000)
         tenured generation   total 10688K, used 24000K [0x00000000eaaa0000, 0x00000000eb510000)
           the space 10688K,  99% used [0x00000000eaaa0000, 0x00000000eb510000)
        """;

    assertThat(JvmMemory.heapUsed(jdk17)).isEqualTo(25_000L * 1024);
  }

  @Test
  void heapUsedAddsTheSerialCollectorsGenerationsAsJdk25NamesThem() {
    String jdk25 =
        """
        DefNew     total 116160K, used 31070K [0x0000000687400000, 0x000000068f200000)
         eden space 103296K,  30% used [0x0000000687400000, 0x0000000689257900)
        Tenured    total 258048K, used 1166K [0x0000000704d50000, 0x0000000714950000)
         the  space 258048K,   0% used [0x0000000704d50000, 0x0000000704e73ab8)
        """;

    assertThat(JvmMemory.heapUsed(jdk25)).isEqualTo(32_236L * 1024);
  }

  @Test
  void heapUsedIsUnknownWhenNoGenerationIsNamed() {
    assertThat(JvmMemory.heapUsed("12345:\nGC.heap_info is not available\n")).isEqualTo(-1);
  }
}

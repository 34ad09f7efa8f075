package io.webserveroperator.docs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MarkdownTest {

  @Test
  void headingsGetGitHubsAnchors() {
    Markdown page =
        Markdown.parse(
            """
            # webserver-operator
            ## The test bed: real Kubernetes binaries
            ## `bench render`: the engine cut into sub-packages (2026-12-02)
            ### Files in block scalars: a value stays inside its line
            ### Several replicas (`--replicas N`)
            ## Against the targets: time ≤ 1.3, [RSS](docs/x.md) and __why__
            ### Figures
            ### Figures
            #### snake_case and Übergröße
            """);

    assertThat(page.anchors())
        .containsExactly(
            "webserver-operator",
            "the-test-bed-real-kubernetes-binaries",
            "bench-render-the-engine-cut-into-sub-packages-2026-12-02",
            "files-in-block-scalars-a-value-stays-inside-its-line",
            "several-replicas---replicas-n",
            "against-the-targets-time--13-rss-and-why",
            "figures",
            "figures-1",
            "snake_case-and-übergröße");
  }

  @Test
  void findsLinksOutsideCodeOnly() {
    Markdown page =
        Markdown.parse(
            """
            See [the guide](docs/guide.md#start) and ![a plot](img/plot.svg "title").
            Not `[code](nowhere.md)`, nor:
            ```sh
            echo [x](inside-a-fence.md)
            ```
            [ref]: docs/reference.md
            <img src="img/other.svg" alt="x">
            """);

    assertThat(page.links())
        .extracting(Markdown.Link::target)
        .containsExactly(
            "docs/guide.md#start", "img/plot.svg", "docs/reference.md", "img/other.svg");
    assertThat(page.links()).extracting(Markdown.Link::line).containsExactly(1, 1, 6, 7);
  }
}

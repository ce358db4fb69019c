"""The PDF writer alone (issue 25): ``render_pdf`` over the documents of Stockholm 1520's card
build, their pages made once beforehand, so that nothing but writing PDF is timed.

    python benchmarks/pdf_writer.py [--repeat N]

- a build's pass: each document written once with nothing kept from before in the process
  (each identical page, such as a deck's backs, drawn once; fonts read already);
- a rebuild's pass: the same documents written again in the same process, as ``pnpkit watch``
  does after an edit (each page's content stream kept: only looked up);
- the files' sizes: all of them, and the median single-card PDF.

Figures printed (CPU seconds, the best of N passes), never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from measure import machine_line


def captured_documents(out: Path) -> list[tuple[list, dict]]:
    """Every render_pdf call of ``build stockholm1520 --only cards --format pdf -j 1``, its
    pages made into a list."""
    from generator.cli.app import main
    import generator.draw.pdf as pdf_module

    real, documents = pdf_module.render_pdf, []

    def recording(pages, **options):
        pages = list(pages)
        documents.append((pages, options))
        return real(pages, **options)

    pdf_module.render_pdf = recording
    try:
        main(["build", "stockholm1520", "--only", "cards", "--force", "-j", "1", "--format", "pdf",
              "--out", str(out)], standalone_mode=False)
    finally:
        pdf_module.render_pdf = real
    return documents


def forget_kept() -> None:
    """Nothing kept from an earlier pass: pages, paths, font subsets (a checkout from before
    the writer of our own keeps none of them)."""
    try:
        from generator.draw import pdf, pdfcontent, pdffont
    except ImportError:
        return

    pdf._kept.clear()
    pdf._kept_size = 0
    pdfcontent._paths.clear()
    pdffont._font_objects.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from generator.draw.pdf import render_pdf

    print(machine_line())
    with tempfile.TemporaryDirectory() as temp:
        documents = captured_documents(Path(temp) / "out")
    page_count = sum(len(pages) for pages, _ in documents)
    build, rebuild, files = [], [], []
    for _ in range(max(1, args.repeat)):
        forget_kept()
        started = time.process_time()
        files = [render_pdf(pages, **options) for pages, options in documents]
        build.append(time.process_time() - started)
        started = time.process_time()
        for pages, options in documents:
            render_pdf(pages, **options)
        rebuild.append(time.process_time() - started)
    singles = [len(data) for (pages, options), data in zip(documents, files)
               if len(pages) == 2 and not str(options.get("title", "")).endswith("sheets")]
    print(f"Stockholm 1520's cards: {len(documents)} PDFs, {page_count} pages")
    print(f"{'  a build (nothing kept):':34}{min(build):6.3f} s CPU  ({min(build) / len(documents) * 1000:.1f} ms a PDF)")
    print(f"{'  a rebuild (pages kept):':34}{min(rebuild):6.3f} s CPU")
    print(f"{'  all the files:':34}{sum(map(len, files)) / 1000:6.0f} kB; a single card's PDF "
          f"{statistics.median(singles) / 1000:.1f} kB (median of {len(singles)})")


if __name__ == "__main__":
    main()

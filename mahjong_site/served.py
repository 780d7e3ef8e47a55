"""The application `mahjong_site.serve` runs: the site, with its heavy reads and imports answered
by page processes (pages.py). Tests that drive mahjong_site.asgi directly answer every page in
their own process."""

from mahjong_site.asgi import application as site
from mahjong_site.pages import PageProcesses

application = PageProcesses(site)

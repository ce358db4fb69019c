"""The searches the bot's rules and players run, below the rules: the Danes' road values
(``roads``) and the memo that keeps every search's results on one immutable key
(``memo``), shared by the rules' enemy turn, the Swedish policy, the simulation and the bench."""

"""The panels beside the table: the narration (story), the setup tour and a long step's
parts on one pager, practice, the quiz, the tabs (scores, log, chart, comparison, rules:
panels), the rules browser and the glossary. Each draws what it is given and forwards
clicks; none decides a rule."""

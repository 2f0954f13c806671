"""Drawing: pure layout geometry (``layout``), pieces, the board, widgets and animations."""

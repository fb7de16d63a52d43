print("quad-payments: not built yet")
